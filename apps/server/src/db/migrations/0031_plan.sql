CREATE TABLE "plan_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"day" text NOT NULL,
	"stage" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"title" text NOT NULL,
	"minutes" integer NOT NULL,
	"target" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"generation" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"skipped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "study_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"exam_date" text,
	"minutes_per_day" integer DEFAULT 60 NOT NULL,
	"warn_time" text DEFAULT '20:00' NOT NULL,
	"warn_open" boolean DEFAULT false NOT NULL,
	"warned_day" text,
	"evaluation" text DEFAULT 'none' NOT NULL,
	"evaluation_session" integer,
	"boosts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"evaluated_session" integer,
	"generation" integer DEFAULT 0 NOT NULL,
	"planned_on" text,
	"notice" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_tasks" ADD CONSTRAINT "plan_tasks_plan_id_study_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."study_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_tasks_plan_day_idx" ON "plan_tasks" USING btree ("plan_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "study_plans_user_app_idx" ON "study_plans" USING btree ("user_id","app_id");--> statement-breakpoint
CREATE INDEX "study_plans_warn_idx" ON "study_plans" USING btree ("warn_open","warn_time");--> statement-breakpoint
CREATE INDEX "answers_app_time_idx" ON "answers" USING btree ("app_id","created_at");