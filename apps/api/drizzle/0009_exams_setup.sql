CREATE TABLE "exam_sets" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"max_mark" integer DEFAULT 100 NOT NULL,
	"curriculum" text DEFAULT 'all' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_sets_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "combinations" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"subject1_id" integer NOT NULL,
	"subject2_id" integer NOT NULL,
	"subject3_id" integer NOT NULL,
	"subsidiary_id" integer NOT NULL,
	CONSTRAINT "combinations_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "papers_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"level" text NOT NULL,
	"subject_group" text DEFAULT 'other' NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"short_name" text,
	CONSTRAINT "subjects_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"initials" text NOT NULL,
	"position_id" integer,
	"gender" text,
	"phone" text,
	"email" text,
	"nin" text,
	"tin" text,
	"nssf_number" text,
	"bank_name" text,
	"bank_account" text,
	"joined_on" date,
	"basic_salary" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "staff_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_positions" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "staff_positions_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_subjects" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"stream_id" integer,
	"paper_id" integer,
	CONSTRAINT "staff_subjects_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "exam_sets" ADD CONSTRAINT "exam_sets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combinations" ADD CONSTRAINT "combinations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combinations" ADD CONSTRAINT "combinations_subject1_id_fk" FOREIGN KEY ("school_id","subject1_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combinations" ADD CONSTRAINT "combinations_subject2_id_fk" FOREIGN KEY ("school_id","subject2_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combinations" ADD CONSTRAINT "combinations_subject3_id_fk" FOREIGN KEY ("school_id","subject3_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combinations" ADD CONSTRAINT "combinations_subsidiary_id_fk" FOREIGN KEY ("school_id","subsidiary_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_position_id_fk" FOREIGN KEY ("school_id","position_id") REFERENCES "public"."staff_positions"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_positions" ADD CONSTRAINT "staff_positions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_subjects" ADD CONSTRAINT "staff_subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_subjects" ADD CONSTRAINT "staff_subjects_staff_id_fk" FOREIGN KEY ("school_id","staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_subjects" ADD CONSTRAINT "staff_subjects_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_subjects" ADD CONSTRAINT "staff_subjects_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_subjects" ADD CONSTRAINT "staff_subjects_stream_id_fk" FOREIGN KEY ("school_id","stream_id") REFERENCES "public"."streams"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_subjects" ADD CONSTRAINT "staff_subjects_paper_id_fk" FOREIGN KEY ("school_id","paper_id") REFERENCES "public"."papers"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_sets_id" ON "exam_sets" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sets_term_name" ON "exam_sets" USING btree ("school_id","year","term",lower("name"));--> statement-breakpoint
CREATE INDEX "combinations_id" ON "combinations" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "combinations_school_name" ON "combinations" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "papers_id" ON "papers" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "papers_subject_number" ON "papers" USING btree ("school_id","subject_id","number");--> statement-breakpoint
CREATE INDEX "subjects_id" ON "subjects" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_level_code" ON "subjects" USING btree ("school_id","level",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_level_name" ON "subjects" USING btree ("school_id","level",lower("name"));--> statement-breakpoint
CREATE INDEX "staff_id" ON "staff" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_school_name" ON "staff" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "staff_positions_id" ON "staff_positions" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_positions_school_name" ON "staff_positions" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "staff_subjects_id" ON "staff_subjects" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_subjects_load" ON "staff_subjects" USING btree ("school_id","staff_id","subject_id","class_id",coalesce("stream_id", 0),coalesce("paper_id", 0));