CREATE TABLE "comment_bank" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheme" text NOT NULL,
	"author" text NOT NULL,
	"from_value" integer NOT NULL,
	"to_value" integer NOT NULL,
	"comment" text NOT NULL,
	CONSTRAINT "comment_bank_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"title" text NOT NULL,
	"planning" integer DEFAULT 0 NOT NULL,
	"implementation" integer DEFAULT 0 NOT NULL,
	"reporting" integer DEFAULT 0 NOT NULL,
	"dissemination" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"entered_by" integer,
	CONSTRAINT "projects_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_comments" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"class_teacher" text,
	"head_teacher" text,
	CONSTRAINT "report_comments_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"positions_olevel" boolean DEFAULT true NOT NULL,
	"positions_alevel" boolean DEFAULT true NOT NULL,
	"positions_new" boolean DEFAULT false NOT NULL,
	"show_next_term_fees" boolean DEFAULT true NOT NULL,
	"show_balance" boolean DEFAULT true NOT NULL,
	"show_grading_key" boolean DEFAULT true NOT NULL,
	"head_teacher_signature_file_id" integer,
	"stamp_file_id" integer,
	"withhold_when_owing" boolean DEFAULT false NOT NULL,
	"withhold_above" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_comments" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"subject_id" integer,
	"kind" text DEFAULT 'remark' NOT NULL,
	"comment" text NOT NULL,
	"entered_by" integer,
	CONSTRAINT "student_comments_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "comment_bank" ADD CONSTRAINT "comment_bank_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_comments" ADD CONSTRAINT "report_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_comments" ADD CONSTRAINT "report_comments_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_settings" ADD CONSTRAINT "report_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_settings" ADD CONSTRAINT "report_settings_head_teacher_signature_file_id_fk" FOREIGN KEY ("school_id","head_teacher_signature_file_id") REFERENCES "public"."files"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_settings" ADD CONSTRAINT "report_settings_stamp_file_id_fk" FOREIGN KEY ("school_id","stamp_file_id") REFERENCES "public"."files"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_comments" ADD CONSTRAINT "student_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_comments" ADD CONSTRAINT "student_comments_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_comments" ADD CONSTRAINT "student_comments_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_bank_id" ON "comment_bank" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_bank_range" ON "comment_bank" USING btree ("school_id","scheme","author","from_value","to_value");--> statement-breakpoint
CREATE INDEX "projects_id" ON "projects" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_student_term" ON "projects" USING btree ("school_id","student_id","year","term");--> statement-breakpoint
CREATE INDEX "report_comments_id" ON "report_comments" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_comments_student_term" ON "report_comments" USING btree ("school_id","student_id","year","term");--> statement-breakpoint
CREATE INDEX "student_comments_id" ON "student_comments" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_comments_unique" ON "student_comments" USING btree ("school_id","student_id","year","term",coalesce("subject_id", 0),"kind");