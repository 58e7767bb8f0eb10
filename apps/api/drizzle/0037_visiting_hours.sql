ALTER TABLE "school_settings" ADD COLUMN "visiting_hours" jsonb;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD COLUMN "outside_hours_reason" text;