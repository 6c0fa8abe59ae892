ALTER TABLE "exam_sessions" ADD COLUMN "test_mode" text;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "exam_sessions_ranking_idx" ON "exam_sessions" USING btree ("app_id","test_mode","period") WHERE "exam_sessions"."counted";