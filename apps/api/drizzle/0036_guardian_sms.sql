ALTER TABLE "school_settings" ADD COLUMN "sms_fees_receipts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "sms_sickbay_visits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "sms_absences" boolean DEFAULT false NOT NULL;