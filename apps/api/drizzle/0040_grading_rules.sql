CREATE TABLE "report_card_prints" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"kind" text NOT NULL,
	"withheld" boolean DEFAULT false NOT NULL,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_card_prints_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "compulsory_in" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "non_resident" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "visually_impaired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_card_prints" ADD CONSTRAINT "report_card_prints_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_prints" ADD CONSTRAINT "report_card_prints_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_prints" ADD CONSTRAINT "report_card_prints_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_card_prints_id" ON "report_card_prints" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_card_prints_student" ON "report_card_prints" USING btree ("school_id","year","term","student_id");--> statement-breakpoint
-- Hand-written data update (keep at the end): the demo school's subjects follow UNEB's groups and the new
-- curriculum's compulsory subjects by class. Literature in English is a humanity and Agriculture a science;
-- Entrepreneurship, Kiswahili and Physical Education are compulsory in S1–S2 only (S3–S4 take seven).
UPDATE "subjects" SET "subject_group" = 'humanity' WHERE "code" = '208' AND "level" IN ('olevel', 'nlsc') AND "subject_group" = 'language' AND "school_id" IN (SELECT "id" FROM "schools" WHERE "demo");--> statement-breakpoint
UPDATE "subjects" SET "subject_group" = 'science' WHERE "code" = '527' AND "level" IN ('olevel', 'nlsc') AND "subject_group" = 'practical' AND "school_id" IN (SELECT "id" FROM "schools" WHERE "demo");--> statement-breakpoint
UPDATE "subjects" SET "compulsory_in" = 'lower' WHERE "code" IN ('845', '336', '555') AND "level" = 'nlsc' AND "compulsory" AND "school_id" IN (SELECT "id" FROM "schools" WHERE "demo");
