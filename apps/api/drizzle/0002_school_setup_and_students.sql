CREATE TABLE "counters" (
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_school_id_name_pk" PRIMARY KEY("school_id","name")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"motto" text,
	"address" text,
	"phone" text,
	"email" text,
	"website" text,
	"registration_no" text,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"logo_file_id" integer,
	"current_year" integer NOT NULL,
	"current_term" integer DEFAULT 1 NOT NULL,
	"head_teacher" text,
	"receipt_format" text DEFAULT 'a5' NOT NULL,
	"payment_instructions" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"next_term_begins" date
);
--> statement-breakpoint
CREATE TABLE "old_students" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer,
	"name" text NOT NULL,
	"admission_no" text,
	"class_left" text,
	"year_left" integer,
	"phone" text,
	"debt" integer DEFAULT 0 NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "pass_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pass_no" integer NOT NULL,
	"student_id" integer NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"destination" text,
	"time_out" timestamp with time zone NOT NULL,
	"expected_return" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"collector_name" text,
	"collector_relationship" text,
	"collector_phone" text,
	"collector_id_no" text,
	"authorised_by" text NOT NULL,
	"status" text DEFAULT 'out' NOT NULL,
	"parent_notified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_guardians" (
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"guardian_id" integer NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "student_guardians_student_id_guardian_id_pk" PRIMARY KEY("student_id","guardian_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admission_no" text NOT NULL,
	"payment_code" text,
	"surname" text NOT NULL,
	"other_names" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date,
	"class_id" integer NOT NULL,
	"stream_id" integer,
	"section" text DEFAULT 'day' NOT NULL,
	"house" text,
	"nationality" text DEFAULT 'Ugandan' NOT NULL,
	"lin" text,
	"religion" text,
	"district" text,
	"address" text,
	"combination_id" integer,
	"photo_file_id" integer,
	"status" text DEFAULT 'current' NOT NULL,
	"entry_year" integer NOT NULL,
	"entry_term" integer NOT NULL,
	"admitted_on" date NOT NULL,
	"left_on" date,
	"left_reason" text,
	"medical_notes" text
);
--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_dates" ADD CONSTRAINT "term_dates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "old_students" ADD CONSTRAINT "old_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "old_students" ADD CONSTRAINT "old_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_outs" ADD CONSTRAINT "pass_outs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_outs" ADD CONSTRAINT "pass_outs_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD CONSTRAINT "student_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD CONSTRAINT "student_accounts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_school" ON "files" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "term_dates_school_year_term" ON "term_dates" USING btree ("school_id","year","term");--> statement-breakpoint
CREATE INDEX "term_dates_school" ON "term_dates" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "old_students_school" ON "old_students" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pass_outs_school_no" ON "pass_outs" USING btree ("school_id","pass_no");--> statement-breakpoint
CREATE INDEX "pass_outs_student" ON "pass_outs" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_accounts_student" ON "student_accounts" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_accounts_username" ON "student_accounts" USING btree ("school_id","username");--> statement-breakpoint
CREATE INDEX "student_guardians_guardian" ON "student_guardians" USING btree ("guardian_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_admission_no" ON "students" USING btree ("school_id",lower("admission_no"));--> statement-breakpoint
CREATE UNIQUE INDEX "students_payment_code" ON "students" USING btree ("school_id","payment_code");--> statement-breakpoint
CREATE INDEX "students_school_class" ON "students" USING btree ("school_id","status","class_id","stream_id");--> statement-breakpoint
CREATE INDEX "students_school_name" ON "students" USING btree ("school_id","surname","other_names");