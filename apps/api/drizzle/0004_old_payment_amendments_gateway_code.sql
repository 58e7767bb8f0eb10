CREATE TABLE "old_payment_amendments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text,
	"by_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "old_payment_amendments" ADD CONSTRAINT "old_payment_amendments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "old_payment_amendments" ADD CONSTRAINT "old_payment_amendments_payment_id_old_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."old_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "old_payment_amendments_payment" ON "old_payment_amendments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_gateways_school_code" ON "payment_gateways" USING btree ("school_code");