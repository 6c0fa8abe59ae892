CREATE TABLE "change_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"op" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"wrong_guesses" integer DEFAULT 0 NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"phone" text,
	"nick_name" text DEFAULT '' NOT NULL,
	"agent_code" text NOT NULL,
	"password_hash" text,
	"is_tourist" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_ip" text,
	CONSTRAINT "users_user_name_unique" UNIQUE("user_name"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subdomain" text,
	"theme_color" text DEFAULT '#5bb8ff' NOT NULL,
	"qq" text DEFAULT '' NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"weixin_contact" text DEFAULT '' NOT NULL,
	"alipay" text DEFAULT '' NOT NULL,
	"phone_pay_url" text DEFAULT '' NOT NULL,
	"weixin_pay_url" text DEFAULT '' NOT NULL,
	"weixin_pay" text DEFAULT '' NOT NULL,
	"is_weixin_pay" integer DEFAULT 0 NOT NULL,
	"download_address" text DEFAULT '' NOT NULL,
	"store_name" text DEFAULT '考试宝典' NOT NULL,
	"contact_only" boolean DEFAULT false NOT NULL,
	"ack_only" boolean DEFAULT false NOT NULL,
	"buy_disabled" boolean DEFAULT false NOT NULL,
	"custom_style" boolean DEFAULT false NOT NULL,
	"custom_payment" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_subdomain_unique" UNIQUE("subdomain")
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"user_id" integer,
	"user_name" text,
	"agent_code" text,
	"app_id" text,
	"client_type" text,
	"page" text,
	"payload" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_log" ADD CONSTRAINT "change_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agent_code_agents_code_fk" FOREIGN KEY ("agent_code") REFERENCES "public"."agents"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_log_user_seen_idx" ON "change_log" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_op_idx" ON "sms_codes" USING btree ("phone","op","id");--> statement-breakpoint
CREATE INDEX "events_kind_created_idx" ON "events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "events_agent_created_idx" ON "events" USING btree ("agent_code","created_at");--> statement-breakpoint
CREATE INDEX "events_user_created_idx" ON "events" USING btree ("user_id","created_at");