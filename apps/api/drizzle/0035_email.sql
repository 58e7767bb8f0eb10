CREATE TABLE "email_accounts" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"host" text,
	"port" integer,
	"secure" boolean DEFAULT false NOT NULL,
	"username" text,
	"password" text,
	"from_address" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject" text NOT NULL,
	"template" text NOT NULL,
	"audience" text NOT NULL,
	"attachments" text DEFAULT '' NOT NULL,
	"report_kind" text,
	"year" integer,
	"term" integer,
	"total" integer NOT NULL,
	"job_id" integer,
	"sent_by" text NOT NULL,
	"sent_by_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "email_messages_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "email_recipients" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"student_ids" integer[] DEFAULT '{}' NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"attachment_names" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_recipients_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_job_id_fk" FOREIGN KEY ("school_id","job_id") REFERENCES "public"."jobs"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_message_id_fk" FOREIGN KEY ("school_id","message_id") REFERENCES "public"."email_messages"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_messages_id" ON "email_messages" USING btree ("id");--> statement-breakpoint
CREATE INDEX "email_messages_school_time" ON "email_messages" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "email_recipients_id" ON "email_recipients" USING btree ("id");--> statement-breakpoint
CREATE INDEX "email_recipients_message" ON "email_recipients" USING btree ("school_id","message_id","status");--> statement-breakpoint
CREATE INDEX "email_recipients_school_time" ON "email_recipients" USING btree ("school_id","created_at");