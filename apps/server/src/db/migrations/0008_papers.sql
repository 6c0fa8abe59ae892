CREATE TABLE "papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"year" integer,
	"time_limit_seconds" integer NOT NULL,
	"pass_score" double precision NOT NULL,
	"total_score" double precision NOT NULL,
	"sections" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"retired" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "papers_app_code_idx" ON "papers" USING btree ("app_id","code");--> statement-breakpoint
CREATE INDEX "papers_app_kind_idx" ON "papers" USING btree ("app_id","kind");