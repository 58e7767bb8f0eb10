DROP TABLE "fees_payment_amendments" CASCADE;--> statement-breakpoint
DROP TABLE "old_payment_amendments" CASCADE;