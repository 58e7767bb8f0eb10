CREATE TABLE "expense_requisitions" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"needed_on" date,
	"supplier_id" integer,
	"note" text,
	"total" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"raised_by" integer,
	"raised_by_name" text NOT NULL,
	"checked_by" integer,
	"checked_by_name" text,
	"checked_at" timestamp with time zone,
	"rejected_reason" text,
	"approved_by" integer,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"paid_by" integer,
	"paid_by_name" text,
	"paid_at" timestamp with time zone,
	"expense_id" integer,
	"closed_reason" text,
	CONSTRAINT "expense_requisitions_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "requisition_cart_lines" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" integer NOT NULL,
	"description" text,
	CONSTRAINT "requisition_cart_lines_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "requisition_lines" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requisition_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" integer NOT NULL,
	"amount" integer NOT NULL,
	"description" text,
	CONSTRAINT "requisition_lines_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "separate_requisition_steps" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_requisitions" ADD CONSTRAINT "expense_requisitions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requisitions" ADD CONSTRAINT "expense_requisitions_supplier_id_fk" FOREIGN KEY ("school_id","supplier_id") REFERENCES "public"."suppliers"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requisitions" ADD CONSTRAINT "expense_requisitions_expense_id_fk" FOREIGN KEY ("school_id","expense_id") REFERENCES "public"."expenses"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_cart_lines" ADD CONSTRAINT "requisition_cart_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_cart_lines" ADD CONSTRAINT "requisition_cart_lines_item_id_fk" FOREIGN KEY ("school_id","item_id") REFERENCES "public"."expense_items"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lines" ADD CONSTRAINT "requisition_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lines" ADD CONSTRAINT "requisition_lines_requisition_id_fk" FOREIGN KEY ("school_id","requisition_id") REFERENCES "public"."expense_requisitions"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lines" ADD CONSTRAINT "requisition_lines_item_id_fk" FOREIGN KEY ("school_id","item_id") REFERENCES "public"."expense_items"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_requisitions_id" ON "expense_requisitions" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_requisitions_number" ON "expense_requisitions" USING btree ("school_id","number");--> statement-breakpoint
CREATE INDEX "expense_requisitions_status" ON "expense_requisitions" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "requisition_cart_lines_id" ON "requisition_cart_lines" USING btree ("id");--> statement-breakpoint
CREATE INDEX "requisition_cart_lines_user" ON "requisition_cart_lines" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "requisition_lines_id" ON "requisition_lines" USING btree ("id");--> statement-breakpoint
CREATE INDEX "requisition_lines_requisition" ON "requisition_lines" USING btree ("school_id","requisition_id");