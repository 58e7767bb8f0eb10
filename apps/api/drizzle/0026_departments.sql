CREATE TABLE "department_reports" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"department_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'added' NOT NULL,
	"written_by_id" integer,
	"written_by" text NOT NULL,
	"remark" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"delete_reason" text,
	"deleted_by" text,
	CONSTRAINT "department_reports_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"head_staff_id" integer,
	CONSTRAINT "departments_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_resources" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"filename" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"file_id" integer NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_by" text NOT NULL,
	CONSTRAINT "staff_resources_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "department_reports" ADD CONSTRAINT "department_reports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_reports" ADD CONSTRAINT "department_reports_department_id_fk" FOREIGN KEY ("school_id","department_id") REFERENCES "public"."departments"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_head_staff_id_fk" FOREIGN KEY ("school_id","head_staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_resources" ADD CONSTRAINT "staff_resources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_resources" ADD CONSTRAINT "staff_resources_file_id_fk" FOREIGN KEY ("school_id","file_id") REFERENCES "public"."files"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_reports_id" ON "department_reports" USING btree ("id");--> statement-breakpoint
CREATE INDEX "department_reports_school" ON "department_reports" USING btree ("school_id","department_id");--> statement-breakpoint
CREATE INDEX "departments_id" ON "departments" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_school_name" ON "departments" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "staff_resources_id" ON "staff_resources" USING btree ("id");--> statement-breakpoint
CREATE INDEX "staff_resources_school" ON "staff_resources" USING btree ("school_id");