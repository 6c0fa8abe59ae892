CREATE TABLE "activation_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"vn" text NOT NULL,
	"validity_days" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_subjects" (
	"agent_code" text NOT NULL,
	"app_id" integer NOT NULL,
	CONSTRAINT "agent_subjects_agent_code_app_id_pk" PRIMARY KEY("agent_code","app_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"parent_id" integer
);
--> statement-breakpoint
CREATE TABLE "last_apps" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"vn" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"vn" text NOT NULL,
	"vn_order" integer NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"app_ename" text NOT NULL,
	"app_name" text NOT NULL,
	"c_name" text NOT NULL,
	"class_id" integer NOT NULL,
	"level" text DEFAULT 'other' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subjects_app_ename_unique" UNIQUE("app_ename")
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"vn" text NOT NULL,
	"vname" text NOT NULL,
	"vnorder" integer NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"vnjson" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"buy_list_hide" boolean DEFAULT false NOT NULL,
	"validity_days" integer DEFAULT 365 NOT NULL,
	"sub_list" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_subjects" ADD CONSTRAINT "agent_subjects_agent_code_agents_code_fk" FOREIGN KEY ("agent_code") REFERENCES "public"."agents"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_subjects" ADD CONSTRAINT "agent_subjects_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_parent_id_classes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_apps" ADD CONSTRAINT "last_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_apps" ADD CONSTRAINT "last_apps_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versions" ADD CONSTRAINT "versions_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_codes_used_by_idx" ON "activation_codes" USING btree ("used_by");--> statement-breakpoint
CREATE INDEX "agent_subjects_app_idx" ON "agent_subjects" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "classes_parent_idx" ON "classes" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_user_app_vn_idx" ON "purchases" USING btree ("user_id","app_id","vn");--> statement-breakpoint
CREATE INDEX "subjects_class_idx" ON "subjects" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "versions_app_vn_idx" ON "versions" USING btree ("app_id","vn");