CREATE TABLE "revenue_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "revenue_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "revenues" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"received_on" date NOT NULL,
	"mode_id" integer NOT NULL,
	"received_from" text,
	"reference" text,
	"description" text,
	"recorded_by" text NOT NULL,
	"amend_reason" text,
	"amended_at" timestamp with time zone,
	"amended_by" text,
	"status" text DEFAULT 'valid' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" text
);
--> statement-breakpoint
ALTER TABLE "revenue_categories" ADD CONSTRAINT "revenue_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_sources" ADD CONSTRAINT "revenue_sources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_sources" ADD CONSTRAINT "revenue_sources_category_id_revenue_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."revenue_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_source_id_revenue_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."revenue_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_mode_id_payment_modes_id_fk" FOREIGN KEY ("mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_categories_school_name" ON "revenue_categories" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_sources_school_name" ON "revenue_sources" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "revenues_school_received" ON "revenues" USING btree ("school_id","received_on");--> statement-breakpoint
CREATE INDEX "revenues_school_mode" ON "revenues" USING btree ("school_id","mode_id");