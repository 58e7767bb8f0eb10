CREATE TABLE "server_backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"kind" text NOT NULL,
	"file" text,
	"bytes" bigint,
	"message" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "server_backups_one_running" ON "server_backups" USING btree ("status") WHERE status = 'running';