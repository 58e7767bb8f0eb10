CREATE TABLE "events" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"event_type" text NOT NULL,
	"on_date" date NOT NULL,
	"starts_at" text,
	"ends_at" text,
	"venue" text,
	"invited" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"class_id" integer,
	"invited_note" text,
	"description" text,
	"created_by" text NOT NULL,
	"minutes_present" text,
	"minutes_apologies" text,
	"minutes_agenda" text,
	"minutes_resolutions" text,
	"minutes_actions" text,
	"minutes_recorded_at" timestamp with time zone,
	"minutes_recorded_by" text,
	CONSTRAINT "events_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "visitor_visits" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visitor_name" text NOT NULL,
	"phone" text,
	"id_type" text,
	"id_number" text,
	"from_where" text,
	"visitor_type" text NOT NULL,
	"purpose" text NOT NULL,
	"whom" text NOT NULL,
	"student_id" integer,
	"relationship" text,
	"staff_id" integer,
	"office" text,
	"items_brought" text,
	"vehicle_reg" text,
	"badge_no" text,
	"remarks" text,
	"time_in" timestamp with time zone NOT NULL,
	"time_out" timestamp with time zone,
	"recorded_by" text NOT NULL,
	"closed_by" text,
	"status" text DEFAULT 'open' NOT NULL,
	"delete_reason" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "visitor_visits_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD CONSTRAINT "visitor_visits_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD CONSTRAINT "visitor_visits_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD CONSTRAINT "visitor_visits_staff_id_fk" FOREIGN KEY ("school_id","staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_id" ON "events" USING btree ("id");--> statement-breakpoint
CREATE INDEX "events_school_date" ON "events" USING btree ("school_id","on_date");--> statement-breakpoint
CREATE INDEX "visitor_visits_id" ON "visitor_visits" USING btree ("id");--> statement-breakpoint
CREATE INDEX "visitor_visits_school_time" ON "visitor_visits" USING btree ("school_id","time_in");--> statement-breakpoint
CREATE INDEX "visitor_visits_student" ON "visitor_visits" USING btree ("school_id","student_id");