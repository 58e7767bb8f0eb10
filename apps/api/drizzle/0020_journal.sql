CREATE TABLE "accounts" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "accounts_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"memo" text NOT NULL,
	"reverses" integer,
	"created_by" integer,
	CONSTRAINT "journal_entries_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"debit" integer DEFAULT 0 NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_lines_pkey" PRIMARY KEY("school_id","id"),
	CONSTRAINT "journal_lines_one_side" CHECK (("journal_lines"."debit" > 0 and "journal_lines"."credit" = 0) or ("journal_lines"."credit" > 0 and "journal_lines"."debit" = 0))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_fk" FOREIGN KEY ("school_id","reverses") REFERENCES "public"."journal_entries"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_fk" FOREIGN KEY ("school_id","entry_id") REFERENCES "public"."journal_entries"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."accounts"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_id" ON "accounts" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_key" ON "accounts" USING btree ("school_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code" ON "accounts" USING btree ("school_id","code");--> statement-breakpoint
CREATE INDEX "journal_entries_id" ON "journal_entries" USING btree ("id");--> statement-breakpoint
CREATE INDEX "journal_entries_source" ON "journal_entries" USING btree ("school_id","source_kind","source_id");--> statement-breakpoint
CREATE INDEX "journal_entries_date" ON "journal_entries" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "journal_lines_id" ON "journal_lines" USING btree ("id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry" ON "journal_lines" USING btree ("school_id","entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account" ON "journal_lines" USING btree ("school_id","account_id","date");