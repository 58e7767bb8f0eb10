CREATE TABLE "asset_categories" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"depreciation_rate" integer NOT NULL,
	"description" text,
	CONSTRAINT "asset_categories_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_items" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "asset_items_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_locations" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "asset_locations_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_purchases" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" integer NOT NULL,
	"amount" integer NOT NULL,
	"purchased_on" date NOT NULL,
	"supplier_id" integer,
	"location_id" integer NOT NULL,
	"condition" text DEFAULT 'new' NOT NULL,
	"on_credit" boolean DEFAULT false NOT NULL,
	"mode_id" integer,
	"reference" text,
	"description" text,
	"recorded_by" text NOT NULL,
	"amend_reason" text,
	"amended_at" timestamp with time zone,
	"amended_by" text,
	"status" text DEFAULT 'valid' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	CONSTRAINT "asset_purchases_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purchase_id" integer NOT NULL,
	"tag" text NOT NULL,
	"location_id" integer NOT NULL,
	"condition" text DEFAULT 'new' NOT NULL,
	"note" text,
	"status" text DEFAULT 'in_use' NOT NULL,
	"disposed_on" date,
	"dispose_reason" text,
	"disposed_by" text,
	CONSTRAINT "assets_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "asset_categories" ADD CONSTRAINT "asset_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_items" ADD CONSTRAINT "asset_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_items" ADD CONSTRAINT "asset_items_category_id_fk" FOREIGN KEY ("school_id","category_id") REFERENCES "public"."asset_categories"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_locations" ADD CONSTRAINT "asset_locations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_purchases" ADD CONSTRAINT "asset_purchases_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_purchases" ADD CONSTRAINT "asset_purchases_item_id_fk" FOREIGN KEY ("school_id","item_id") REFERENCES "public"."asset_items"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_purchases" ADD CONSTRAINT "asset_purchases_supplier_id_fk" FOREIGN KEY ("school_id","supplier_id") REFERENCES "public"."suppliers"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_purchases" ADD CONSTRAINT "asset_purchases_location_id_fk" FOREIGN KEY ("school_id","location_id") REFERENCES "public"."asset_locations"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_purchases" ADD CONSTRAINT "asset_purchases_mode_id_fk" FOREIGN KEY ("school_id","mode_id") REFERENCES "public"."payment_modes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_purchase_id_fk" FOREIGN KEY ("school_id","purchase_id") REFERENCES "public"."asset_purchases"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_location_id_fk" FOREIGN KEY ("school_id","location_id") REFERENCES "public"."asset_locations"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_categories_id" ON "asset_categories" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_categories_school_name" ON "asset_categories" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "asset_categories_school_code" ON "asset_categories" USING btree ("school_id",lower("code"));--> statement-breakpoint
CREATE INDEX "asset_items_id" ON "asset_items" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_items_school_name" ON "asset_items" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "asset_locations_id" ON "asset_locations" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_locations_school_name" ON "asset_locations" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "asset_purchases_id" ON "asset_purchases" USING btree ("id");--> statement-breakpoint
CREATE INDEX "asset_purchases_school_date" ON "asset_purchases" USING btree ("school_id","purchased_on");--> statement-breakpoint
CREATE INDEX "assets_id" ON "assets" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_school_tag" ON "assets" USING btree ("school_id","tag");--> statement-breakpoint
CREATE INDEX "assets_school_purchase" ON "assets" USING btree ("school_id","purchase_id");