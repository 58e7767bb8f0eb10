CREATE TABLE "sms_accounts" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"log_only" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template" text NOT NULL,
	"audience" text NOT NULL,
	"total" integer NOT NULL,
	"credits" integer NOT NULL,
	"job_id" integer,
	"sent_by" text NOT NULL,
	"sent_by_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sms_messages_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_packages" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"credits" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"mode_id" integer,
	"expense_id" integer,
	"bought_on" date NOT NULL,
	"reference" text,
	"bought_by" text NOT NULL,
	CONSTRAINT "sms_packages_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_recipients" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"student_id" integer,
	"text" text NOT NULL,
	"parts" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"gateway_id" text,
	"gateway_status" text,
	"cost" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_recipients_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "sms_accounts" ADD CONSTRAINT "sms_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_job_id_fk" FOREIGN KEY ("school_id","job_id") REFERENCES "public"."jobs"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_packages" ADD CONSTRAINT "sms_packages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_packages" ADD CONSTRAINT "sms_packages_mode_id_fk" FOREIGN KEY ("school_id","mode_id") REFERENCES "public"."payment_modes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_packages" ADD CONSTRAINT "sms_packages_expense_id_fk" FOREIGN KEY ("school_id","expense_id") REFERENCES "public"."expenses"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_recipients" ADD CONSTRAINT "sms_recipients_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_recipients" ADD CONSTRAINT "sms_recipients_message_id_fk" FOREIGN KEY ("school_id","message_id") REFERENCES "public"."sms_messages"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_recipients" ADD CONSTRAINT "sms_recipients_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_id" ON "sms_messages" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sms_messages_school_time" ON "sms_messages" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_packages_id" ON "sms_packages" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sms_packages_school_day" ON "sms_packages" USING btree ("school_id","bought_on");--> statement-breakpoint
CREATE INDEX "sms_recipients_id" ON "sms_recipients" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sms_recipients_message" ON "sms_recipients" USING btree ("school_id","message_id","status");--> statement-breakpoint
CREATE INDEX "sms_recipients_school_time" ON "sms_recipients" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_recipients_gateway" ON "sms_recipients" USING btree ("gateway_id");