-- Video learners' rows (progress, appointments, follows, reports), and cache notifications for the video content
-- tables: an import of lessons notifies 'bank' as a question import does (docs/caching.md).
CREATE TABLE "teacher_follows" (
	"user_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "teacher_follows_user_id_teacher_id_pk" PRIMARY KEY("user_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "video_appointments" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_appointments_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "video_progress" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"position_at" bigint DEFAULT 0 NOT NULL,
	"watched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_s" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "video_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"second" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "teacher_follows" ADD CONSTRAINT "teacher_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_follows" ADD CONSTRAINT "teacher_follows_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_appointments" ADD CONSTRAINT "video_appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_appointments" ADD CONSTRAINT "video_appointments_lesson_id_video_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."video_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_lesson_id_video_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."video_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_lesson_id_video_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."video_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_follows_teacher_idx" ON "teacher_follows" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "video_appointments_lesson_idx" ON "video_appointments" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "video_progress_recent_idx" ON "video_progress" USING btree ("user_id","app_id","updated_at");--> statement-breakpoint
CREATE INDEX "video_reports_status_idx" ON "video_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "video_reports_user_idx" ON "video_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TRIGGER teachers_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teachers FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER video_courses_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_courses FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER video_chapters_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_chapters FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER video_lessons_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_lessons FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER lesson_markers_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lesson_markers FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER lesson_points_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lesson_points FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
