CREATE TABLE "notice_seen" (
	"user_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notice_seen_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ended_by" text;--> statement-breakpoint
ALTER TABLE "notice_seen" ADD CONSTRAINT "notice_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_seen" ADD CONSTRAINT "notice_seen_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;