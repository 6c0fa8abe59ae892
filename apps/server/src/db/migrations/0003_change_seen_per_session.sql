DROP INDEX "change_log_user_seen_idx";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "change_seen_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Sessions open at upgrade have handled every change so far (seen_at was per learner).
UPDATE "sessions" SET "change_seen_id" = coalesce((SELECT max("id") FROM "change_log" WHERE "change_log"."user_id" = "sessions"."user_id"), 0);--> statement-breakpoint
CREATE INDEX "change_log_user_id_idx" ON "change_log" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "change_log" DROP COLUMN "seen_at";