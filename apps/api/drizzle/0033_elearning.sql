CREATE TABLE "elearning_resources" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"class_id" integer NOT NULL,
	"stream_id" integer,
	"subject_id" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"due_on" date,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" integer,
	"author" text NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	CONSTRAINT "elearning_resources_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "elearning_resources" ADD CONSTRAINT "elearning_resources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elearning_resources" ADD CONSTRAINT "elearning_resources_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elearning_resources" ADD CONSTRAINT "elearning_resources_stream_id_fk" FOREIGN KEY ("school_id","stream_id") REFERENCES "public"."streams"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elearning_resources" ADD CONSTRAINT "elearning_resources_subject_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "elearning_resources_id" ON "elearning_resources" USING btree ("id");--> statement-breakpoint
CREATE INDEX "elearning_resources_school" ON "elearning_resources" USING btree ("school_id","status","class_id");