CREATE TABLE "parent_line_sessions" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"session_key" text NOT NULL,
	"phone" text NOT NULL,
	"student_id" integer,
	"asked" text NOT NULL,
	"unanswered" boolean DEFAULT false NOT NULL,
	CONSTRAINT "parent_line_sessions_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "parent_line_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"answers" text[] DEFAULT '{}' NOT NULL,
	"results_year" integer,
	"results_term" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parent_line_sessions" ADD CONSTRAINT "parent_line_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_line_sessions" ADD CONSTRAINT "parent_line_sessions_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_line_settings" ADD CONSTRAINT "parent_line_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_line_sessions_id" ON "parent_line_sessions" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_line_sessions_key" ON "parent_line_sessions" USING btree ("school_id","channel","session_key");--> statement-breakpoint
CREATE INDEX "parent_line_sessions_time" ON "parent_line_sessions" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "guardians_phone" ON "guardians" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "guardians_alt_phone" ON "guardians" USING btree ("alt_phone");