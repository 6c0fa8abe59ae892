CREATE TABLE "consents" (
	"user_id" integer NOT NULL,
	"version" text NOT NULL,
	"via" text NOT NULL,
	"ip" text,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consents_user_id_version_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;