CREATE TABLE "requirement_collections" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"item" text NOT NULL,
	"brought" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"recorded_by" text NOT NULL,
	CONSTRAINT "requirement_collections_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "requirement_arrears" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"money_value" integer,
	"note" text,
	CONSTRAINT "requirement_arrears_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"class_id" integer NOT NULL,
	"section" text DEFAULT 'all' NOT NULL,
	"entrants" text DEFAULT 'all' NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"money_value" integer,
	CONSTRAINT "requirements_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "requirement_collections" ADD CONSTRAINT "requirement_collections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_collections" ADD CONSTRAINT "requirement_collections_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_arrears" ADD CONSTRAINT "requirement_arrears_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_arrears" ADD CONSTRAINT "requirement_arrears_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requirement_collections_id" ON "requirement_collections" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_collections_unique" ON "requirement_collections" USING btree ("school_id","student_id","year","term",lower("item"));--> statement-breakpoint
CREATE INDEX "requirement_collections_term" ON "requirement_collections" USING btree ("school_id","year","term");--> statement-breakpoint
CREATE INDEX "requirement_arrears_id" ON "requirement_arrears" USING btree ("id");--> statement-breakpoint
CREATE INDEX "requirement_arrears_student" ON "requirement_arrears" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "requirements_id" ON "requirements" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirements_unique" ON "requirements" USING btree ("school_id","year","term","class_id","section","entrants",lower("name"));--> statement-breakpoint
CREATE INDEX "requirements_term" ON "requirements" USING btree ("school_id","year","term","class_id");