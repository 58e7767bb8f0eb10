DROP INDEX "comment_bank_range";--> statement-breakpoint
CREATE INDEX "comment_bank_scheme" ON "comment_bank" USING btree ("school_id","scheme","author");