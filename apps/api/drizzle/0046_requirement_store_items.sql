CREATE TABLE "requirement_store_items" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requirement" text NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "requirement_store_items_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "requirement_store_items" ADD CONSTRAINT "requirement_store_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_store_items" ADD CONSTRAINT "requirement_store_items_item_id_fk" FOREIGN KEY ("school_id","item_id") REFERENCES "public"."store_items"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requirement_store_items_id" ON "requirement_store_items" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_store_items_school_requirement" ON "requirement_store_items" USING btree ("school_id",lower("requirement"));