CREATE TABLE "salary_deductions" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"note" text,
	CONSTRAINT "salary_deductions_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "salary_payments" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"basic" integer NOT NULL,
	"allowances" integer NOT NULL,
	"gross" integer NOT NULL,
	"paye" integer NOT NULL,
	"nssf_employee" integer NOT NULL,
	"nssf_employer" integer NOT NULL,
	"lst" integer NOT NULL,
	"advance" integer NOT NULL,
	"others" integer NOT NULL,
	"net" integer NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mode_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"advance_id" integer,
	"recorded_by" text NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	CONSTRAINT "salary_payments_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "salary_temps" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"basic" integer NOT NULL,
	"allowances" integer NOT NULL,
	"gross" integer NOT NULL,
	"paye" integer NOT NULL,
	"nssf_employee" integer NOT NULL,
	"nssf_employer" integer NOT NULL,
	"lst" integer NOT NULL,
	"advance" integer NOT NULL,
	"others" integer NOT NULL,
	"net" integer NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prepared" boolean DEFAULT false NOT NULL,
	CONSTRAINT "salary_temps_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_advances" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"given_on" date NOT NULL,
	"mode_id" integer NOT NULL,
	"months" integer DEFAULT 1 NOT NULL,
	"consent" text NOT NULL,
	"reference" text,
	"recorded_by" text NOT NULL,
	"amend_reason" text,
	"status" text DEFAULT 'valid' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	CONSTRAINT "staff_advances_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_allowances" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "staff_allowances_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "salary_deductions" ADD CONSTRAINT "salary_deductions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_deductions" ADD CONSTRAINT "salary_deductions_staff_id_fk" FOREIGN KEY ("school_id","staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_mode_id_fk" FOREIGN KEY ("school_id","mode_id") REFERENCES "public"."payment_modes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_advance_id_fk" FOREIGN KEY ("school_id","advance_id") REFERENCES "public"."staff_advances"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_temps" ADD CONSTRAINT "salary_temps_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_temps" ADD CONSTRAINT "salary_temps_staff_id_fk" FOREIGN KEY ("school_id","staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_advances" ADD CONSTRAINT "staff_advances_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_advances" ADD CONSTRAINT "staff_advances_staff_id_fk" FOREIGN KEY ("school_id","staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_advances" ADD CONSTRAINT "staff_advances_mode_id_fk" FOREIGN KEY ("school_id","mode_id") REFERENCES "public"."payment_modes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_allowances" ADD CONSTRAINT "staff_allowances_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_allowances" ADD CONSTRAINT "staff_allowances_staff_id_fk" FOREIGN KEY ("school_id","staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salary_deductions_id" ON "salary_deductions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "salary_deductions_staff" ON "salary_deductions" USING btree ("school_id","staff_id");--> statement-breakpoint
CREATE INDEX "salary_payments_id" ON "salary_payments" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_payments_month" ON "salary_payments" USING btree ("school_id","staff_id","year","month") WHERE "salary_payments"."status" = 'valid';--> statement-breakpoint
CREATE INDEX "salary_payments_paid" ON "salary_payments" USING btree ("school_id","paid_on");--> statement-breakpoint
CREATE INDEX "salary_temps_id" ON "salary_temps" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_temps_month" ON "salary_temps" USING btree ("school_id","year","month","staff_id");--> statement-breakpoint
CREATE INDEX "staff_advances_id" ON "staff_advances" USING btree ("id");--> statement-breakpoint
CREATE INDEX "staff_advances_staff" ON "staff_advances" USING btree ("school_id","staff_id");--> statement-breakpoint
CREATE INDEX "staff_allowances_id" ON "staff_allowances" USING btree ("id");--> statement-breakpoint
CREATE INDEX "staff_allowances_staff" ON "staff_allowances" USING btree ("school_id","staff_id");