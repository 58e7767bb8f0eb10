-- The service's own tables (not per school) are copied to every node of a Citus cluster, as
-- `npm run citus:distribute` makes the server tables: somero_reference does that in the migration that creates
-- one (nothing on one PostgreSQL), as somero_distribute does for a school table.
CREATE OR REPLACE FUNCTION somero_reference(server_table regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_catalog.pg_dist_partition') IS NULL THEN RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = 'students'::regclass AND partmethod = 'h') THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = server_table) THEN RETURN; END IF;
  PERFORM set_config('citus.multi_shard_modify_mode', 'sequential', true);
  PERFORM create_reference_table(server_table);
END $$;
--> statement-breakpoint
CREATE TABLE "operator_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"action" text NOT NULL,
	"of_school" integer,
	"summary" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
SELECT somero_reference('operator_audits');--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
SELECT somero_reference('operator_sessions');--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
SELECT somero_reference('operators');--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "sms_packages" ADD COLUMN "status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_packages" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "sms_packages" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_packages" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "operator_audits" ADD CONSTRAINT "operator_audits_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audits" ADD CONSTRAINT "operator_audits_of_school_schools_id_fk" FOREIGN KEY ("of_school") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_audits_at" ON "operator_audits" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email" ON "operators" USING btree (lower("email"));