CREATE TABLE "class_register" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"marked_by" text NOT NULL,
	CONSTRAINT "class_register_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "gate_attendance" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"person" text NOT NULL,
	"student_id" integer,
	"class_id" integer,
	"staff_id" integer,
	"day" date NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" text NOT NULL,
	"checked_out_at" timestamp with time zone,
	"checked_out_by" text,
	CONSTRAINT "gate_attendance_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "rollcall_marks" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rollcall_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"present" boolean NOT NULL,
	"changed_by" text,
	CONSTRAINT "rollcall_marks_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "rollcalls" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" integer NOT NULL,
	"class_id" integer,
	"stream_id" integer,
	"house" text,
	"day" date NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"taken_by" text NOT NULL,
	"comment" text,
	CONSTRAINT "rollcalls_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "rollcall_categories" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "rollcall_categories_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "class_register" ADD CONSTRAINT "class_register_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_register" ADD CONSTRAINT "class_register_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_register" ADD CONSTRAINT "class_register_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_attendance" ADD CONSTRAINT "gate_attendance_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_attendance" ADD CONSTRAINT "gate_attendance_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_attendance" ADD CONSTRAINT "gate_attendance_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_attendance" ADD CONSTRAINT "gate_attendance_staff_id_fk" FOREIGN KEY ("school_id","staff_id") REFERENCES "public"."staff"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcall_marks" ADD CONSTRAINT "rollcall_marks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcall_marks" ADD CONSTRAINT "rollcall_marks_rollcall_id_fk" FOREIGN KEY ("school_id","rollcall_id") REFERENCES "public"."rollcalls"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcall_marks" ADD CONSTRAINT "rollcall_marks_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcalls" ADD CONSTRAINT "rollcalls_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcalls" ADD CONSTRAINT "rollcalls_category_id_fk" FOREIGN KEY ("school_id","category_id") REFERENCES "public"."rollcall_categories"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcalls" ADD CONSTRAINT "rollcalls_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcalls" ADD CONSTRAINT "rollcalls_stream_id_fk" FOREIGN KEY ("school_id","stream_id") REFERENCES "public"."streams"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcall_categories" ADD CONSTRAINT "rollcall_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_register_id" ON "class_register" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_register_student_day" ON "class_register" USING btree ("school_id","student_id","day");--> statement-breakpoint
CREATE INDEX "class_register_day" ON "class_register" USING btree ("school_id","day");--> statement-breakpoint
CREATE INDEX "gate_attendance_id" ON "gate_attendance" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_attendance_student_day" ON "gate_attendance" USING btree ("school_id","student_id","day") WHERE student_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_attendance_staff_day" ON "gate_attendance" USING btree ("school_id","staff_id","day") WHERE staff_id is not null;--> statement-breakpoint
CREATE INDEX "gate_attendance_person_day" ON "gate_attendance" USING btree ("school_id","person","day");--> statement-breakpoint
CREATE INDEX "rollcall_marks_id" ON "rollcall_marks" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "rollcall_marks_student" ON "rollcall_marks" USING btree ("school_id","rollcall_id","student_id");--> statement-breakpoint
CREATE INDEX "rollcalls_id" ON "rollcalls" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "rollcalls_once" ON "rollcalls" USING btree ("school_id","category_id","day",coalesce(class_id, 0),coalesce(stream_id, 0),coalesce(house, ''));--> statement-breakpoint
CREATE INDEX "rollcalls_day" ON "rollcalls" USING btree ("school_id","day");--> statement-breakpoint
CREATE INDEX "rollcall_categories_id" ON "rollcall_categories" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "rollcall_categories_school_name" ON "rollcall_categories" USING btree ("school_id",lower("name"));