CREATE TABLE "subject_initials" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"class_id" integer NOT NULL,
	"stream_id" integer,
	"subject_id" integer NOT NULL,
	"initials" text NOT NULL,
	CONSTRAINT "subject_initials_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "subject_initials" ADD CONSTRAINT "subject_initials_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_initials" ADD CONSTRAINT "subject_initials_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_initials" ADD CONSTRAINT "subject_initials_stream_id_fk" FOREIGN KEY ("school_id","stream_id") REFERENCES "public"."streams"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_initials" ADD CONSTRAINT "subject_initials_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subject_initials_id" ON "subject_initials" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_initials_cell" ON "subject_initials" USING btree ("school_id","class_id",coalesce("stream_id", 0),"subject_id");