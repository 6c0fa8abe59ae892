CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"reply_id" text NOT NULL,
	"reply" text NOT NULL,
	"right" boolean NOT NULL,
	"score" double precision NOT NULL,
	"spent_seconds" integer DEFAULT 0 NOT NULL,
	"exam_history_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reset_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_user_reply_idx" ON "answers" USING btree ("user_id","reply_id");--> statement-breakpoint
CREATE INDEX "answers_progress_idx" ON "answers" USING btree ("user_id","app_id","chapter_id","question_id","created_at");