CREATE TABLE "bursaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"bursary_category_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"category_id" integer,
	"start_year" integer NOT NULL,
	"start_term" integer NOT NULL,
	"every_term" boolean DEFAULT false NOT NULL,
	"end_year" integer,
	"end_term" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "fees_additions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"category_id" integer,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "previous_debts" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "bursary_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"rank" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"class_id" integer NOT NULL,
	"stream_id" integer,
	"section" text NOT NULL,
	"nationality_group" text NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_payment_amendments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"by_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"receipt_no" integer NOT NULL,
	"student_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"mode_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"payer" text,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"cashier_id" integer,
	"cashier_name" text NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"idempotency_key" text,
	"online_transaction_id" integer
);
--> statement-breakpoint
CREATE TABLE "money_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_mode_id" integer NOT NULL,
	"to_mode_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"transferred_on" date NOT NULL,
	"reference" text,
	"note" text,
	"status" text DEFAULT 'valid' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" text
);
--> statement-breakpoint
CREATE TABLE "old_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"receipt_no" integer NOT NULL,
	"old_student_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"mode_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"payer" text,
	"cashier_name" text NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" text
);
--> statement-breakpoint
CREATE TABLE "online_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider" text NOT NULL,
	"provider_receipt_no" text NOT NULL,
	"payment_code" text,
	"student_name" text,
	"amount" integer NOT NULL,
	"channel" text,
	"channel_transaction_id" text,
	"paid_at" timestamp with time zone NOT NULL,
	"raw" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"student_id" integer,
	"fees_payment_id" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'schoolpay' NOT NULL,
	"school_code" text NOT NULL,
	"api_password" text NOT NULL,
	"base_url" text NOT NULL,
	"mode_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_synced_on" date
);
--> statement-breakpoint
CREATE TABLE "payment_modes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'cash' NOT NULL,
	"account_no" text,
	"opening_balance" integer DEFAULT 0 NOT NULL,
	"opening_on" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees_breakdowns" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"section" text DEFAULT 'all' NOT NULL,
	"nationality" text DEFAULT 'all' NOT NULL,
	"entrants" text DEFAULT 'all' NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bursaries" ADD CONSTRAINT "bursaries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bursaries" ADD CONSTRAINT "bursaries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bursaries" ADD CONSTRAINT "bursaries_bursary_category_id_bursary_categories_id_fk" FOREIGN KEY ("bursary_category_id") REFERENCES "public"."bursary_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bursaries" ADD CONSTRAINT "bursaries_category_id_fees_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."fees_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_additions" ADD CONSTRAINT "fees_additions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_additions" ADD CONSTRAINT "fees_additions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_additions" ADD CONSTRAINT "fees_additions_category_id_fees_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."fees_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_deductions" ADD CONSTRAINT "fees_deductions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_deductions" ADD CONSTRAINT "fees_deductions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previous_debts" ADD CONSTRAINT "previous_debts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previous_debts" ADD CONSTRAINT "previous_debts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bursary_categories" ADD CONSTRAINT "bursary_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_categories" ADD CONSTRAINT "fees_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_terms" ADD CONSTRAINT "student_terms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_terms" ADD CONSTRAINT "student_terms_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_terms" ADD CONSTRAINT "student_terms_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_terms" ADD CONSTRAINT "student_terms_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_payment_amendments" ADD CONSTRAINT "fees_payment_amendments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_payment_amendments" ADD CONSTRAINT "fees_payment_amendments_payment_id_fees_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fees_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_payments" ADD CONSTRAINT "fees_payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_payments" ADD CONSTRAINT "fees_payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_payments" ADD CONSTRAINT "fees_payments_mode_id_payment_modes_id_fk" FOREIGN KEY ("mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_from_mode_id_payment_modes_id_fk" FOREIGN KEY ("from_mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_to_mode_id_payment_modes_id_fk" FOREIGN KEY ("to_mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "old_payments" ADD CONSTRAINT "old_payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "old_payments" ADD CONSTRAINT "old_payments_old_student_id_old_students_id_fk" FOREIGN KEY ("old_student_id") REFERENCES "public"."old_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "old_payments" ADD CONSTRAINT "old_payments_mode_id_payment_modes_id_fk" FOREIGN KEY ("mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_transactions" ADD CONSTRAINT "online_transactions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_transactions" ADD CONSTRAINT "online_transactions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_transactions" ADD CONSTRAINT "online_transactions_fees_payment_id_fees_payments_id_fk" FOREIGN KEY ("fees_payment_id") REFERENCES "public"."fees_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD CONSTRAINT "payment_gateways_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD CONSTRAINT "payment_gateways_mode_id_payment_modes_id_fk" FOREIGN KEY ("mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_modes" ADD CONSTRAINT "payment_modes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_breakdowns" ADD CONSTRAINT "fees_breakdowns_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_breakdowns" ADD CONSTRAINT "fees_breakdowns_category_id_fees_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."fees_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees_breakdowns" ADD CONSTRAINT "fees_breakdowns_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bursaries_student" ON "bursaries" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "fees_additions_student" ON "fees_additions" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "fees_deductions_student" ON "fees_deductions" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "previous_debts_student" ON "previous_debts" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bursary_categories_school_name" ON "bursary_categories" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fees_categories_school_name" ON "fees_categories" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "student_terms_unique" ON "student_terms" USING btree ("student_id","year","term");--> statement-breakpoint
CREATE INDEX "student_terms_term" ON "student_terms" USING btree ("school_id","year","term","class_id");--> statement-breakpoint
CREATE INDEX "fees_payment_amendments_payment" ON "fees_payment_amendments" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fees_payments_receipt" ON "fees_payments" USING btree ("school_id","receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fees_payments_idempotency" ON "fees_payments" USING btree ("school_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "fees_payments_student" ON "fees_payments" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "fees_payments_paid_on" ON "fees_payments" USING btree ("school_id","paid_on");--> statement-breakpoint
CREATE INDEX "money_transfers_school" ON "money_transfers" USING btree ("school_id","transferred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "old_payments_receipt" ON "old_payments" USING btree ("school_id","receipt_no");--> statement-breakpoint
CREATE INDEX "old_payments_student" ON "old_payments" USING btree ("school_id","old_student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_transactions_receipt" ON "online_transactions" USING btree ("school_id","provider","provider_receipt_no");--> statement-breakpoint
CREATE INDEX "online_transactions_status" ON "online_transactions" USING btree ("school_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_modes_school_name" ON "payment_modes" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fees_breakdowns_unique" ON "fees_breakdowns" USING btree ("school_id","year","term","class_id","category_id","section","nationality","entrants");--> statement-breakpoint
CREATE INDEX "fees_breakdowns_term" ON "fees_breakdowns" USING btree ("school_id","year","term","class_id");