CREATE TABLE "live_answers" (
	"card_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"choice" text NOT NULL,
	"correct" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_answers_card_id_user_id_pk" PRIMARY KEY("card_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb NOT NULL,
	"answer" text NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'ready' NOT NULL,
	"second" integer,
	"pushed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"question_id" integer
);
--> statement-breakpoint
CREATE TABLE "live_collections" (
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_collections_user_id_session_id_pk" PRIMARY KEY("user_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "live_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"app_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"teacher_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "live_courses_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "live_likes" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"host" boolean DEFAULT false NOT NULL,
	"second" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_mutes" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "live_mutes_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_reservations" (
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "live_reservations_user_id_session_id_pk" PRIMARY KEY("user_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" integer PRIMARY KEY DEFAULT nextval('video_lessons_id_seq') NOT NULL,
	"key" text NOT NULL,
	"course_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"title" text NOT NULL,
	"chapter_name" text DEFAULT '' NOT NULL,
	"teacher_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"provider" text DEFAULT 'self' NOT NULL,
	"provider_url" text DEFAULT '' NOT NULL,
	"stream_key" text NOT NULL,
	"host_key" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"live_started_at" timestamp with time zone,
	"live_ended_at" timestamp with time zone,
	"replay_key" text DEFAULT '' NOT NULL,
	"replay_duration_s" integer,
	"replay_state" text DEFAULT 'none' NOT NULL,
	"pinned" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_sessions_key_unique" UNIQUE("key"),
	CONSTRAINT "live_sessions_stream_key_unique" UNIQUE("stream_key")
);
--> statement-breakpoint
CREATE TABLE "live_views" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"opens" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "live_views_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"dedupe" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "user_messages_dedupe_unique" UNIQUE("dedupe")
);
--> statement-breakpoint
ALTER TABLE "live_answers" ADD CONSTRAINT "live_answers_card_id_live_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."live_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_answers" ADD CONSTRAINT "live_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_cards" ADD CONSTRAINT "live_cards_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_collections" ADD CONSTRAINT "live_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_collections" ADD CONSTRAINT "live_collections_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_courses" ADD CONSTRAINT "live_courses_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_courses" ADD CONSTRAINT "live_courses_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_likes" ADD CONSTRAINT "live_likes_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_mutes" ADD CONSTRAINT "live_mutes_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_mutes" ADD CONSTRAINT "live_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_reservations" ADD CONSTRAINT "live_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_reservations" ADD CONSTRAINT "live_reservations_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_course_id_live_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."live_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_views" ADD CONSTRAINT "live_views_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_views" ADD CONSTRAINT "live_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_cards_session_idx" ON "live_cards" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "live_courses_app_idx" ON "live_courses" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "live_messages_session_idx" ON "live_messages" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "live_reservations_session_idx" ON "live_reservations" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "live_sessions_app_start_idx" ON "live_sessions" USING btree ("app_id","starts_at");--> statement-breakpoint
CREATE INDEX "live_sessions_course_idx" ON "live_sessions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "user_messages_user_idx" ON "user_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE TRIGGER live_courses_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON live_courses FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('live');
--> statement-breakpoint
CREATE TRIGGER live_sessions_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON live_sessions FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('live');
