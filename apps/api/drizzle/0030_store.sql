CREATE TABLE "store_movements" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"moved_on" date NOT NULL,
	"quantity" integer NOT NULL,
	"value" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"value_after" integer NOT NULL,
	"unit_cost" integer,
	"source" text,
	"supplier_id" integer,
	"mode_id" integer,
	"on_credit" boolean DEFAULT false NOT NULL,
	"expense_id" integer,
	"issued_to" text,
	"department_id" integer,
	"person" text,
	"loss_kind" text,
	"reference" text,
	"note" text,
	"reverses" integer,
	"reversed_by" integer,
	"replaced_by" integer,
	"reason" text,
	"status" text DEFAULT 'valid' NOT NULL,
	"recorded_by" text NOT NULL,
	CONSTRAINT "store_movements_pkey" PRIMARY KEY("school_id","id"),
	CONSTRAINT "store_movements_balance_not_negative" CHECK ("store_movements"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"unit_id" integer NOT NULL,
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"description" text,
	"balance" integer DEFAULT 0 NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_items_pkey" PRIMARY KEY("school_id","id"),
	CONSTRAINT "store_items_balance_not_negative" CHECK ("store_items"."balance" >= 0 and "store_items"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_units" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"short" text,
	CONSTRAINT "store_units_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "store_movements" ADD CONSTRAINT "store_movements_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_movements" ADD CONSTRAINT "store_movements_item_id_fk" FOREIGN KEY ("school_id","item_id") REFERENCES "public"."store_items"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_movements" ADD CONSTRAINT "store_movements_supplier_id_fk" FOREIGN KEY ("school_id","supplier_id") REFERENCES "public"."suppliers"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_movements" ADD CONSTRAINT "store_movements_mode_id_fk" FOREIGN KEY ("school_id","mode_id") REFERENCES "public"."payment_modes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_movements" ADD CONSTRAINT "store_movements_expense_id_fk" FOREIGN KEY ("school_id","expense_id") REFERENCES "public"."expenses"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_movements" ADD CONSTRAINT "store_movements_department_id_fk" FOREIGN KEY ("school_id","department_id") REFERENCES "public"."departments"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_unit_id_fk" FOREIGN KEY ("school_id","unit_id") REFERENCES "public"."store_units"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_units" ADD CONSTRAINT "store_units_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_movements_id" ON "store_movements" USING btree ("id");--> statement-breakpoint
CREATE INDEX "store_movements_item" ON "store_movements" USING btree ("school_id","item_id","id");--> statement-breakpoint
CREATE INDEX "store_movements_kind_day" ON "store_movements" USING btree ("school_id","kind","moved_on");--> statement-breakpoint
CREATE INDEX "store_items_id" ON "store_items" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_items_school_name" ON "store_items" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "store_units_id" ON "store_units" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_units_school_name" ON "store_units" USING btree ("school_id",lower("name"));