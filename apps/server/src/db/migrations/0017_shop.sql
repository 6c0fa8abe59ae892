CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"agent_code" text NOT NULL,
	"app_id" integer NOT NULL,
	"vn" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"list_fen" integer NOT NULL,
	"pay_type" text NOT NULL,
	"equipment" text DEFAULT '' NOT NULL,
	"request_id" text NOT NULL,
	"status" text NOT NULL,
	"pay_url" text DEFAULT '' NOT NULL,
	"provider_txn" text,
	"closed_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"provider" text NOT NULL,
	"notification_id" text NOT NULL,
	"order_no" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_notifications_provider_notification_id_pk" PRIMARY KEY("provider","notification_id")
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"agent_code" text NOT NULL,
	"app_id" integer NOT NULL,
	"vn" text NOT NULL,
	"price_fen" integer NOT NULL,
	"original_fen" integer NOT NULL,
	"group_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prices_agent_code_app_id_vn_pk" PRIMARY KEY("agent_code","app_id","vn")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"pay_id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_agent_code_agents_code_fk" FOREIGN KEY ("agent_code") REFERENCES "public"."agents"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_request_idx" ON "orders" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "sandbox_payments_order_idx" ON "sandbox_payments" USING btree ("order_no");--> statement-breakpoint
CREATE TRIGGER prices_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prices FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('catalog');
