CREATE TABLE "invite_rebates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_rebates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"referee_id" integer NOT NULL,
	"generation" smallint NOT NULL,
	"source" varchar(8) NOT NULL,
	"currency_id" integer NOT NULL,
	"demo" boolean NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"tx_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invite_rebates" ADD CONSTRAINT "invite_rebates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rebates" ADD CONSTRAINT "invite_rebates_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rebates" ADD CONSTRAINT "invite_rebates_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invite_rebates_once" ON "invite_rebates" USING btree ("period_start","user_id","referee_id","generation","source","currency_id","demo");--> statement-breakpoint
CREATE INDEX "invite_rebates_user_idx" ON "invite_rebates" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_parent_idx" ON "users" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_transactions_created_brin" ON "ledger_transactions" USING brin ("created_at");
