CREATE TABLE "anti_phishing_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" varchar(80) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anti_phishing_codes" ADD CONSTRAINT "anti_phishing_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;