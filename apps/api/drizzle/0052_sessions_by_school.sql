-- Sessions are found within their school (tokens read <school>.<secret>); a user's last sign-in is their newest
-- session's start. Tokens issued before this release no longer open a session: everyone signs in once more.
DROP INDEX "auth_tokens_hash";--> statement-breakpoint
DROP INDEX "auth_tokens_user";--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash" ON "auth_tokens" USING btree ("school_id","token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user" ON "auth_tokens" USING btree ("school_id","user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "last_login_at";--> statement-breakpoint
-- For the migrations that create a school table (ARCHITECTURE.md, "Migrations"): on a Citus cluster whose school
-- tables are distributed, distributes the new table by school_id beside them; on one PostgreSQL, nothing.
-- Called right after the table's CREATE TABLE, before its foreign keys and indexes.
CREATE OR REPLACE FUNCTION somero_distribute(school_table regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_catalog.pg_dist_partition') IS NULL THEN RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = 'students'::regclass AND partmethod = 'h') THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = school_table) THEN RETURN; END IF;
  -- Its foreign keys to the tables on every node, in the same transaction, need one connection per node.
  PERFORM set_config('citus.multi_shard_modify_mode', 'sequential', true);
  PERFORM create_distributed_table(school_table, 'school_id', colocate_with => 'students');
END $$;
