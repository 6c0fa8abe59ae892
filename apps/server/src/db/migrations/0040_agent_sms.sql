ALTER TABLE "agents" ADD COLUMN "sms_sign_name" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "sms_templates" jsonb;