CREATE TABLE "payment_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"order_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upgrade_terms" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_flags_txn_idx" ON "payment_flags" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "payment_flags_open_idx" ON "payment_flags" USING btree ("resolved_at");--> statement-breakpoint
UPDATE "orders" SET "discount_held" = true WHERE "status" = 'created' AND "discount_id" IS NOT NULL;