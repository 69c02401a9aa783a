CREATE TABLE "price_seconds" (
	"pair_id" integer NOT NULL,
	"second" bigint NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"ts" bigint NOT NULL,
	"source" varchar(16) NOT NULL,
	CONSTRAINT "price_seconds_pair_id_second_pk" PRIMARY KEY("pair_id","second")
);
--> statement-breakpoint
CREATE TABLE "micro_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "micro_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"seconds" integer NOT NULL,
	"stake" numeric(38, 18) NOT NULL,
	"profit_ratio" numeric(38, 18) NOT NULL,
	"open_price" numeric(38, 18) NOT NULL,
	"open_price_at" bigint NOT NULL,
	"open_source" varchar(16) NOT NULL,
	"end_at" bigint NOT NULL,
	"end_price" numeric(38, 18),
	"end_price_at" bigint,
	"end_source" varchar(16),
	"status" varchar(8) NOT NULL,
	"result" varchar(4),
	"payout" numeric(38, 18),
	"profit" numeric(38, 18),
	"hold_id" integer NOT NULL,
	"settle_tx_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "micro_orders" ADD CONSTRAINT "micro_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micro_orders" ADD CONSTRAINT "micro_orders_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micro_orders" ADD CONSTRAINT "micro_orders_settle_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "micro_orders_user_idx" ON "micro_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "micro_orders_due_idx" ON "micro_orders" USING btree ("end_at","id") WHERE "micro_orders"."status" = 'holding';--> statement-breakpoint
CREATE INDEX "micro_orders_open_idx" ON "micro_orders" USING btree ("pair_id","type") WHERE "micro_orders"."status" = 'holding';