CREATE TABLE "spot_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer,
	"pair_id" integer NOT NULL,
	"side" varchar(4) NOT NULL,
	"type" varchar(6) NOT NULL,
	"price" numeric(38, 18),
	"qty" numeric(38, 18),
	"budget" numeric(38, 18),
	"ioc" boolean DEFAULT false NOT NULL,
	"post_only" boolean DEFAULT false NOT NULL,
	"filled_qty" numeric(38, 18) DEFAULT '0' NOT NULL,
	"filled_value" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" varchar(9) NOT NULL,
	"cancel_reason" varchar(16),
	"hold_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_trades" (
	"id" bigint PRIMARY KEY NOT NULL,
	"pair_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"taker_order_id" bigint NOT NULL,
	"maker_order_id" bigint NOT NULL,
	"taker_user_id" integer,
	"maker_user_id" integer,
	"taker_side" varchar(4) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"value" numeric(38, 18) NOT NULL,
	"taker_fee" numeric(38, 18) NOT NULL,
	"maker_fee" numeric(38, 18) NOT NULL,
	"tx_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "remaining" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Holds made before partial consumption existed are whole until closed.
UPDATE "ledger_holds" SET "remaining" = "amount" WHERE "status" = 'held';--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_trades" ADD CONSTRAINT "spot_trades_taker_user_id_users_id_fk" FOREIGN KEY ("taker_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_trades" ADD CONSTRAINT "spot_trades_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spot_orders_user_idx" ON "spot_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "spot_orders_resting_idx" ON "spot_orders" USING btree ("pair_id","id") WHERE "spot_orders"."status" IN ('open', 'partial');--> statement-breakpoint
CREATE INDEX "spot_trades_pair_idx" ON "spot_trades" USING btree ("pair_id","id");--> statement-breakpoint
CREATE INDEX "spot_trades_taker_idx" ON "spot_trades" USING btree ("taker_order_id");--> statement-breakpoint
CREATE INDEX "spot_trades_maker_idx" ON "spot_trades" USING btree ("maker_order_id");