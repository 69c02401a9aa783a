CREATE TABLE "factor_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "factor_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"remove_totp" boolean NOT NULL,
	"remove_passkeys" boolean NOT NULL,
	"reason" varchar(200) NOT NULL,
	"proposed_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "factor_resets" ADD CONSTRAINT "factor_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factor_resets" ADD CONSTRAINT "factor_resets_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factor_resets" ADD CONSTRAINT "factor_resets_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "factor_resets_user_idx" ON "factor_resets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "factor_resets_state_idx" ON "factor_resets" USING btree ("state","id");