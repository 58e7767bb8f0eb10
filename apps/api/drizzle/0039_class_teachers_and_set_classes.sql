ALTER TABLE "exam_sets" ADD COLUMN "class_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "class_teacher_id" integer;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_class_teacher_id_fk" FOREIGN KEY ("school_id","class_teacher_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Data (hand-written): the head teacher's comment has its own flag now; the Head Teacher group a
-- school started with keeps writing it.
UPDATE "roles" SET "flags" = "flags" || '{"write_head_teacher_comments": true}'::jsonb WHERE "name" = 'Head Teacher';
