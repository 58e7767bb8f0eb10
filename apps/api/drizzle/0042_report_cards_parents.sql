CREATE TABLE "promotions" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"year" integer NOT NULL,
	"decision" text NOT NULL,
	"decided_by" integer,
	CONSTRAINT "promotions_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "comment_bank" ADD COLUMN "basis" text DEFAULT 'score' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_settings" ADD COLUMN "mark_decimals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_settings" ADD COLUMN "subject_places" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "report_settings" ADD COLUMN "show_promotion" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "report_settings" ADD COLUMN "promote_division" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_settings" ADD COLUMN "promote_average" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_settings" ADD COLUMN "promote_points" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_id" ON "promotions" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_student_year" ON "promotions" USING btree ("school_id","student_id","year");