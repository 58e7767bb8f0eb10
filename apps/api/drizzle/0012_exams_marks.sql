CREATE TABLE "aoi_scores" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"competence_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"score_tenths" integer NOT NULL,
	"entered_by" integer,
	CONSTRAINT "aoi_scores_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "competences" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"name" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "competences_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "considered_papers" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"class_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	CONSTRAINT "considered_papers_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "considered_sets" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"class_id" integer,
	"exam_set_id" integer NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "considered_sets_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "exam_marks" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exam_set_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"paper_id" integer,
	"mark" integer,
	"absent" boolean DEFAULT false NOT NULL,
	"entered_by" integer,
	CONSTRAINT "exam_marks_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "grading_tables" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"rows" jsonb NOT NULL,
	"reading" text,
	CONSTRAINT "grading_tables_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "student_subjects" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "student_subjects_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "aoi_scores" ADD CONSTRAINT "aoi_scores_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aoi_scores" ADD CONSTRAINT "aoi_scores_competence_id_fk" FOREIGN KEY ("school_id","competence_id") REFERENCES "public"."competences"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aoi_scores" ADD CONSTRAINT "aoi_scores_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competences" ADD CONSTRAINT "competences_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competences" ADD CONSTRAINT "competences_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competences" ADD CONSTRAINT "competences_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "considered_papers" ADD CONSTRAINT "considered_papers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "considered_papers" ADD CONSTRAINT "considered_papers_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "considered_papers" ADD CONSTRAINT "considered_papers_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "considered_papers" ADD CONSTRAINT "considered_papers_paper_id_fk" FOREIGN KEY ("school_id","paper_id") REFERENCES "public"."papers"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "considered_sets" ADD CONSTRAINT "considered_sets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "considered_sets" ADD CONSTRAINT "considered_sets_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "considered_sets" ADD CONSTRAINT "considered_sets_exam_set_id_fk" FOREIGN KEY ("school_id","exam_set_id") REFERENCES "public"."exam_sets"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_exam_set_id_fk" FOREIGN KEY ("school_id","exam_set_id") REFERENCES "public"."exam_sets"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_paper_id_fk" FOREIGN KEY ("school_id","paper_id") REFERENCES "public"."papers"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_tables" ADD CONSTRAINT "grading_tables_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aoi_scores_id" ON "aoi_scores" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "aoi_scores_cell" ON "aoi_scores" USING btree ("school_id","competence_id","student_id");--> statement-breakpoint
CREATE INDEX "competences_id" ON "competences" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "competences_name" ON "competences" USING btree ("school_id","subject_id","class_id","year","term",lower("name"));--> statement-breakpoint
CREATE INDEX "considered_papers_id" ON "considered_papers" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "considered_papers_unique" ON "considered_papers" USING btree ("school_id","class_id","paper_id");--> statement-breakpoint
CREATE INDEX "considered_sets_id" ON "considered_sets" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "considered_sets_unique" ON "considered_sets" USING btree ("school_id","year","term",coalesce("class_id", 0),"exam_set_id");--> statement-breakpoint
CREATE INDEX "exam_marks_id" ON "exam_marks" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_marks_cell" ON "exam_marks" USING btree ("school_id","exam_set_id","student_id","subject_id",coalesce("paper_id", 0));--> statement-breakpoint
CREATE INDEX "exam_marks_set_subject" ON "exam_marks" USING btree ("school_id","exam_set_id","subject_id");--> statement-breakpoint
CREATE INDEX "exam_marks_student" ON "exam_marks" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "grading_tables_id" ON "grading_tables" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_tables_kind" ON "grading_tables" USING btree ("school_id","kind");--> statement-breakpoint
CREATE INDEX "student_subjects_id" ON "student_subjects" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_subjects_unique" ON "student_subjects" USING btree ("school_id","student_id","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_user" ON "staff" USING btree ("school_id","user_id");