CREATE TABLE "group_buys" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_code" text,
	"app_id" integer NOT NULL,
	"vn" text NOT NULL,
	"price_fen" integer NOT NULL,
	"size" integer NOT NULL,
	"minutes" integer NOT NULL,
	"listed" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_buy_id" integer NOT NULL,
	"leader_id" integer NOT NULL,
	"status" text NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "group_buys" ADD CONSTRAINT "group_buys_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_group_buy_id_group_buys_id_fk" FOREIGN KEY ("group_buy_id") REFERENCES "public"."group_buys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_buys_app_idx" ON "group_buys" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "groups_open_idx" ON "groups" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "groups_buy_idx" ON "groups" USING btree ("group_buy_id","status");--> statement-breakpoint
CREATE INDEX "orders_group_idx" ON "orders" USING btree ("group_id");