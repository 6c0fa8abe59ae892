CREATE TABLE "lesson_markers" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"second" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"from_s" integer NOT NULL,
	"to_s" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"app_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "teachers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "video_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"app_id" integer NOT NULL,
	"title" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"teacher_id" integer,
	"level" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_courses_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "video_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"chapter_id" integer NOT NULL,
	"title" text NOT NULL,
	"teacher_id" integer,
	"duration_s" integer NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"preview_seconds" integer DEFAULT 180 NOT NULL,
	"media_key" text NOT NULL,
	"media_version" integer NOT NULL,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_lessons_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "lesson_markers" ADD CONSTRAINT "lesson_markers_lesson_id_video_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."video_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_points" ADD CONSTRAINT "lesson_points_lesson_id_video_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."video_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_chapters" ADD CONSTRAINT "video_chapters_course_id_video_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."video_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_courses" ADD CONSTRAINT "video_courses_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_courses" ADD CONSTRAINT "video_courses_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_lessons" ADD CONSTRAINT "video_lessons_chapter_id_video_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."video_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_lessons" ADD CONSTRAINT "video_lessons_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_markers_lesson_idx" ON "lesson_markers" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_points_once_idx" ON "lesson_points" USING btree ("lesson_id","point_id");--> statement-breakpoint
CREATE INDEX "lesson_points_point_idx" ON "lesson_points" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "video_chapters_course_idx" ON "video_chapters" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "video_courses_app_idx" ON "video_courses" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "video_lessons_chapter_idx" ON "video_lessons" USING btree ("chapter_id");