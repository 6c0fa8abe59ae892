CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
