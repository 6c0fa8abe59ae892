CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_code" text,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_spend_fen" integer DEFAULT 0 NOT NULL,
	"app_id" integer,
	"vn" text,
	"claim_from" timestamp with time zone NOT NULL,
	"claim_until" timestamp with time zone NOT NULL,
	"valid_days" integer NOT NULL,
	"total" integer,
	"claimed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_no" text,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'buy' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "from_vn" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "base_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_off_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "user_coupon_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "grant_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_once_idx" ON "user_coupons" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "user_coupons_user_idx" ON "user_coupons" USING btree ("user_id");