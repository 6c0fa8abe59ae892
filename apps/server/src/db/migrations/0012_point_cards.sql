CREATE TABLE "ai_rounds" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"round" integer NOT NULL,
	"reasons" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_cards" (
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"grade" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_cards_user_id_app_id_point_id_pk" PRIMARY KEY("user_id","app_id","point_id")
);
--> statement-breakpoint
ALTER TABLE "ai_rounds" ADD CONSTRAINT "ai_rounds_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_rounds" ADD CONSTRAINT "ai_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_rounds" ADD CONSTRAINT "ai_rounds_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_cards" ADD CONSTRAINT "point_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_cards" ADD CONSTRAINT "point_cards_app_id_subjects_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."subjects"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_cards" ADD CONSTRAINT "point_cards_point_id_knowledge_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."knowledge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_rounds_user_idx" ON "ai_rounds" USING btree ("user_id","app_id","round");