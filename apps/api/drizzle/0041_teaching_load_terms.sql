CREATE TABLE "teaching_load_terms" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"stream_id" integer,
	"paper_id" integer,
	CONSTRAINT "teaching_load_terms_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "teaching_load_terms" ADD CONSTRAINT "teaching_load_terms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_load_terms" ADD CONSTRAINT "teaching_load_terms_staff_id_fk" FOREIGN KEY ("school_id","staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_load_terms" ADD CONSTRAINT "teaching_load_terms_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_load_terms" ADD CONSTRAINT "teaching_load_terms_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_load_terms" ADD CONSTRAINT "teaching_load_terms_stream_id_fk" FOREIGN KEY ("school_id","stream_id") REFERENCES "public"."streams"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_load_terms" ADD CONSTRAINT "teaching_load_terms_paper_id_fk" FOREIGN KEY ("school_id","paper_id") REFERENCES "public"."papers"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teaching_load_terms_id" ON "teaching_load_terms" USING btree ("id");--> statement-breakpoint
CREATE INDEX "teaching_load_terms_term" ON "teaching_load_terms" USING btree ("school_id","year","term");--> statement-breakpoint
-- Data (hand-written): the teaching load had no terms; it was carried from term to term. Each school's
-- load now stands as the record of its current term and of the term before (the load it carried in),
-- so "copy from last term" has something to copy from the first day.
INSERT INTO "teaching_load_terms" ("school_id", "year", "term", "staff_id", "subject_id", "class_id", "stream_id", "paper_id")
SELECT l."school_id", t."year", t."term", l."staff_id", l."subject_id", l."class_id", l."stream_id", l."paper_id"
FROM "staff_subjects" l
JOIN "school_settings" s ON s."school_id" = l."school_id"
CROSS JOIN LATERAL (VALUES
  (s."current_year", s."current_term"),
  (CASE WHEN s."current_term" > 1 THEN s."current_year" ELSE s."current_year" - 1 END,
   CASE WHEN s."current_term" > 1 THEN s."current_term" - 1 ELSE 3 END)
) AS t("year", "term");
