CREATE TABLE "banners" (
	"id" integer PRIMARY KEY NOT NULL,
	"image_id" integer NOT NULL,
	"position" text NOT NULL,
	"agent_code" text,
	"app_id" integer,
	"title" text NOT NULL,
	"sub_title" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_pages" (
	"id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"agent_code" text,
	"app_id" integer,
	"title" text NOT NULL,
	"sections" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_updates" (
	"app_id" integer NOT NULL,
	"module_id" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "module_updates_app_id_module_id_pk" PRIMARY KEY("app_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY NOT NULL,
	"agent_code" text,
	"app_id" integer,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"button_text" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "red_dot_seen" (
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"module_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "red_dot_seen_user_id_app_id_module_id_pk" PRIMARY KEY("user_id","app_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "sprint_configs" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"class_type" integer NOT NULL,
	"new_class_type" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_agent_code_agents_code_fk" FOREIGN KEY ("agent_code") REFERENCES "public"."agents"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_pages" ADD CONSTRAINT "guide_pages_agent_code_agents_code_fk" FOREIGN KEY ("agent_code") REFERENCES "public"."agents"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_pages" ADD CONSTRAINT "guide_pages_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_updates" ADD CONSTRAINT "module_updates_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_agent_code_agents_code_fk" FOREIGN KEY ("agent_code") REFERENCES "public"."agents"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_dot_seen" ADD CONSTRAINT "red_dot_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_dot_seen" ADD CONSTRAINT "red_dot_seen_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sprint_configs" ADD CONSTRAINT "sprint_configs_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_position_ends_idx" ON "banners" USING btree ("position","ends_at");--> statement-breakpoint
CREATE INDEX "guide_pages_kind_app_idx" ON "guide_pages" USING btree ("kind","app_id");--> statement-breakpoint
CREATE INDEX "notices_ends_idx" ON "notices" USING btree ("ends_at");