CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"agent_code" text,
	"app_id" integer,
	"vn" text,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_spend_fen" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"promoter" text,
	CONSTRAINT "discounts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "spread_visits" (
	"discount_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spread_visits_discount_id_user_id_pk" PRIMARY KEY("discount_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_off_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spread_visits" ADD CONSTRAINT "spread_visits_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spread_visits" ADD CONSTRAINT "spread_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discounts_window_idx" ON "discounts" USING btree ("ends_at");