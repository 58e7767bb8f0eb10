ALTER TABLE "auth_tokens" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_modes" ADD COLUMN "requires_reference" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "payment_modes" SET "requires_reference" = true WHERE "kind" IN ('bank', 'mobile_money');
