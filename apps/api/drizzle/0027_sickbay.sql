CREATE TABLE "sickbay_problems" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "sickbay_problems_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "sickbay_visits" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"patient" text NOT NULL,
	"student_id" integer,
	"class_id" integer,
	"staff_id" integer,
	"visited_at" timestamp with time zone NOT NULL,
	"problem_id" integer,
	"complaint" text NOT NULL,
	"temperature" integer,
	"treatment" text,
	"drugs" text,
	"notes" text,
	"outcome" text,
	"referred_to" text,
	"attended_by" text NOT NULL,
	"status" text DEFAULT 'added' NOT NULL,
	"closed_at" timestamp with time zone,
	"delete_reason" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "sickbay_visits_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "sickbay_problems" ADD CONSTRAINT "sickbay_problems_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sickbay_visits" ADD CONSTRAINT "sickbay_visits_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sickbay_visits" ADD CONSTRAINT "sickbay_visits_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sickbay_visits" ADD CONSTRAINT "sickbay_visits_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sickbay_visits" ADD CONSTRAINT "sickbay_visits_staff_id_fk" FOREIGN KEY ("school_id","staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sickbay_visits" ADD CONSTRAINT "sickbay_visits_problem_id_fk" FOREIGN KEY ("school_id","problem_id") REFERENCES "public"."sickbay_problems"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sickbay_problems_id" ON "sickbay_problems" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "sickbay_problems_school_name" ON "sickbay_problems" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sickbay_visits_id" ON "sickbay_visits" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sickbay_visits_school_time" ON "sickbay_visits" USING btree ("school_id","patient","visited_at");--> statement-breakpoint
CREATE INDEX "sickbay_visits_student" ON "sickbay_visits" USING btree ("school_id","student_id");