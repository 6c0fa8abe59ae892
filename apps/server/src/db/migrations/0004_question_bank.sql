CREATE TABLE "chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_banks" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"ext_id" text NOT NULL,
	"type" text NOT NULL,
	"chapter_id" integer NOT NULL,
	"stem" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_images" (
	"app_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "question_images_app_id_name_pk" PRIMARY KEY("app_id","name")
);
--> statement-breakpoint
CREATE TABLE "question_points" (
	"question_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	CONSTRAINT "question_points_question_id_point_id_pk" PRIMARY KEY("question_id","point_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"ext_id" text NOT NULL,
	"type" text NOT NULL,
	"chapter_id" integer NOT NULL,
	"group_id" integer,
	"group_order" smallint DEFAULT 0 NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"difficulty" smallint DEFAULT 3 NOT NULL,
	"year" smallint,
	"source" text DEFAULT '' NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_parent_id_chapters_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_points" ADD CONSTRAINT "knowledge_points_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_banks" ADD CONSTRAINT "question_banks_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_groups" ADD CONSTRAINT "question_groups_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_groups" ADD CONSTRAINT "question_groups_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_images" ADD CONSTRAINT "question_images_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_points" ADD CONSTRAINT "question_points_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_points" ADD CONSTRAINT "question_points_point_id_knowledge_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."knowledge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_group_id_question_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."question_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_app_code_idx" ON "chapters" USING btree ("app_id","code");--> statement-breakpoint
CREATE INDEX "chapters_parent_idx" ON "chapters" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_points_app_code_idx" ON "knowledge_points" USING btree ("app_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "question_groups_app_ext_idx" ON "question_groups" USING btree ("app_id","ext_id");--> statement-breakpoint
CREATE INDEX "question_points_point_idx" ON "question_points" USING btree ("point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_app_ext_idx" ON "questions" USING btree ("app_id","ext_id");--> statement-breakpoint
CREATE INDEX "questions_app_chapter_idx" ON "questions" USING btree ("app_id","chapter_id","id");--> statement-breakpoint
CREATE INDEX "questions_group_idx" ON "questions" USING btree ("group_id");