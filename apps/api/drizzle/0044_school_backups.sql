CREATE TABLE "school_backups" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"kind" text NOT NULL,
	"file" text,
	"bytes" bigint,
	"message" text,
	CONSTRAINT "school_backups_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "school_backups" ADD CONSTRAINT "school_backups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_backups_id" ON "school_backups" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_backups_one_running" ON "school_backups" USING btree ("school_id") WHERE status = 'running';