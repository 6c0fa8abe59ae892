CREATE TABLE "card_states" (
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"first_review_at" timestamp with time zone NOT NULL,
	"last_review_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "card_states_user_id_card_id_pk" PRIMARY KEY("user_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "daily_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"key" text NOT NULL,
	"day" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotspots" (
	"app_id" integer NOT NULL,
	"year" integer NOT NULL,
	"rank" integer NOT NULL,
	"point_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "hotspots_app_id_year_rank_pk" PRIMARY KEY("app_id","year","rank")
);
--> statement-breakpoint
CREATE TABLE "point_details" (
	"point_id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"weight" smallint DEFAULT 3 NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"chapter_id" integer,
	"handout_id" integer,
	"handout_anchor" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_files" (
	"app_id" integer NOT NULL,
	"name" text NOT NULL,
	"bytes_b64" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "reading_files_app_id_name_pk" PRIMARY KEY("app_id","name")
);
--> statement-breakpoint
CREATE TABLE "reading_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"chapter_id" integer NOT NULL,
	"title" text NOT NULL,
	"format" text DEFAULT 'md' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pdf" text DEFAULT '' NOT NULL,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"version" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"item_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"anchor" text DEFAULT '' NOT NULL,
	"quote" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"color" text DEFAULT 'yellow' NOT NULL,
	"saved_at" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reading_positions" (
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"anchor" text DEFAULT '' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"saved_at" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reading_positions_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "reading_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"target" text NOT NULL,
	"target_id" integer NOT NULL,
	"kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shorthand_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"key" text NOT NULL,
	"point_id" integer NOT NULL,
	"front" text NOT NULL,
	"back" text NOT NULL,
	"mnemonic" text DEFAULT '' NOT NULL,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_states" ADD CONSTRAINT "card_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_states" ADD CONSTRAINT "card_states_card_id_shorthand_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."shorthand_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_states" ADD CONSTRAINT "card_states_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_notes" ADD CONSTRAINT "daily_notes_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotspots" ADD CONSTRAINT "hotspots_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotspots" ADD CONSTRAINT "hotspots_point_id_knowledge_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."knowledge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_details" ADD CONSTRAINT "point_details_point_id_knowledge_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."knowledge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_details" ADD CONSTRAINT "point_details_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_details" ADD CONSTRAINT "point_details_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_details" ADD CONSTRAINT "point_details_handout_id_reading_items_id_fk" FOREIGN KEY ("handout_id") REFERENCES "public"."reading_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_files" ADD CONSTRAINT "reading_files_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_items" ADD CONSTRAINT "reading_items_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_items" ADD CONSTRAINT "reading_items_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_marks" ADD CONSTRAINT "reading_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_marks" ADD CONSTRAINT "reading_marks_item_id_reading_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."reading_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_marks" ADD CONSTRAINT "reading_marks_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_positions" ADD CONSTRAINT "reading_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_positions" ADD CONSTRAINT "reading_positions_item_id_reading_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."reading_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_positions" ADD CONSTRAINT "reading_positions_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_reports" ADD CONSTRAINT "reading_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_reports" ADD CONSTRAINT "reading_reports_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shorthand_cards" ADD CONSTRAINT "shorthand_cards_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shorthand_cards" ADD CONSTRAINT "shorthand_cards_point_id_knowledge_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."knowledge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_states_due_idx" ON "card_states" USING btree ("user_id","app_id","due");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_notes_key_idx" ON "daily_notes" USING btree ("app_id","key");--> statement-breakpoint
CREATE INDEX "daily_notes_day_idx" ON "daily_notes" USING btree ("app_id","day");--> statement-breakpoint
CREATE INDEX "point_details_app_idx" ON "point_details" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_items_key_idx" ON "reading_items" USING btree ("app_id","kind","key");--> statement-breakpoint
CREATE INDEX "reading_items_chapter_idx" ON "reading_items" USING btree ("app_id","kind","chapter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_marks_client_idx" ON "reading_marks" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "reading_marks_item_idx" ON "reading_marks" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE INDEX "reading_positions_recent_idx" ON "reading_positions" USING btree ("user_id","app_id","updated_at");--> statement-breakpoint
CREATE INDEX "reading_reports_status_idx" ON "reading_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reading_reports_user_idx" ON "reading_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shorthand_cards_key_idx" ON "shorthand_cards" USING btree ("app_id","key");--> statement-breakpoint
CREATE INDEX "shorthand_cards_point_idx" ON "shorthand_cards" USING btree ("point_id");--> statement-breakpoint
CREATE TRIGGER reading_items_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reading_items FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER point_details_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON point_details FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER shorthand_cards_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shorthand_cards FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER daily_notes_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON daily_notes FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER hotspots_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotspots FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
