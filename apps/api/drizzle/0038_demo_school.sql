ALTER TABLE "schools" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A demo school seeded before this flag existed (its administrator is the seed's own) keeps its simulator.
UPDATE "schools" SET "demo" = true WHERE "name" = 'Kampala Hill Secondary School' AND EXISTS (SELECT 1 FROM "users" u WHERE u."school_id" = "schools"."id" AND u."username" = 'admin' AND u."email" = 'admin@kampalahill.example');
