CREATE TABLE "budget_lines" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category_id" integer,
	"amount" integer NOT NULL,
	"split" text DEFAULT 'year' NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "budget_lines_pkey" PRIMARY KEY("school_id","id"),
	CONSTRAINT "budget_lines_amount" CHECK ("budget_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "financial_years" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	CONSTRAINT "financial_years_pkey" PRIMARY KEY("school_id","id"),
	CONSTRAINT "financial_years_dates" CHECK ("financial_years"."starts_on" <= "financial_years"."ends_on")
);
--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_year_id_fk" FOREIGN KEY ("school_id","year_id") REFERENCES "public"."financial_years"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_years" ADD CONSTRAINT "financial_years_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_lines_id" ON "budget_lines" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_lines_unique" ON "budget_lines" USING btree ("school_id","year_id","kind",coalesce("category_id", 0));--> statement-breakpoint
CREATE INDEX "financial_years_id" ON "financial_years" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_years_school_name" ON "financial_years" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "financial_years_one_current" ON "financial_years" USING btree ("school_id") WHERE "financial_years"."is_current";