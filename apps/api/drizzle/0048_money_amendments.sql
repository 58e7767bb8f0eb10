CREATE TABLE "money_amendments" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"document_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text,
	"by_name" text NOT NULL,
	CONSTRAINT "money_amendments_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "money_amendments" ADD CONSTRAINT "money_amendments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_amendments_id" ON "money_amendments" USING btree ("id");--> statement-breakpoint
CREATE INDEX "money_amendments_document" ON "money_amendments" USING btree ("school_id","kind","document_id");--> statement-breakpoint
-- The payments' amendments so far, into the money documents' one history (the tables go in 0049).
INSERT INTO "money_amendments" ("school_id", "created_at", "updated_at", "kind", "document_id", "before", "after", "reason", "by_name")
SELECT "school_id", "created_at", "updated_at", 'fees_payment', "payment_id", "before", "after", "reason", "by_name"
FROM "fees_payment_amendments" ORDER BY "id";--> statement-breakpoint
INSERT INTO "money_amendments" ("school_id", "created_at", "updated_at", "kind", "document_id", "before", "after", "reason", "by_name")
SELECT "school_id", "created_at", "updated_at", 'old_payment', "payment_id", "before", "after", "reason", "by_name"
FROM "old_payment_amendments" ORDER BY "id";
