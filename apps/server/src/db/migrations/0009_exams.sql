CREATE TABLE "exam_replies" (
	"session_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"reply" text NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"spent_seconds" integer DEFAULT 0 NOT NULL,
	"reply_id" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_replies_session_id_question_id_pk" PRIMARY KEY("session_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_reply_ids" (
	"user_id" integer NOT NULL,
	"reply_id" text NOT NULL,
	"session_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_reply_ids_user_id_reply_id_pk" PRIMARY KEY("user_id","reply_id")
);
--> statement-breakpoint
CREATE TABLE "exam_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"paper_id" integer,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"source_key" text NOT NULL,
	"name" text NOT NULL,
	"sections" jsonb NOT NULL,
	"time_limit_seconds" integer,
	"pass_score" double precision NOT NULL,
	"total_score" double precision NOT NULL,
	"section_index" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"handed_at" timestamp with time zone,
	"handed_by" text,
	"status" text DEFAULT 'open' NOT NULL,
	"score" double precision,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "exam_replies" ADD CONSTRAINT "exam_replies_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_reply_ids" ADD CONSTRAINT "exam_reply_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_reply_ids" ADD CONSTRAINT "exam_reply_ids_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sessions_open_idx" ON "exam_sessions" USING btree ("user_id","app_id","source_key") WHERE "exam_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "exam_sessions_history_idx" ON "exam_sessions" USING btree ("user_id","app_id","handed_at");--> statement-breakpoint
CREATE INDEX "exam_sessions_deadline_idx" ON "exam_sessions" USING btree ("deadline_at") WHERE "exam_sessions"."status" = 'open';