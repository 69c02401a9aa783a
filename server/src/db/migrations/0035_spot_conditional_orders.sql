CREATE TABLE "spot_conditional_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"kind" varchar(13) NOT NULL,
	"side" varchar(4) NOT NULL,
	"trigger_price" numeric(38, 18) NOT NULL,
	"above" boolean NOT NULL,
	"price" numeric(38, 18),
	"qty" numeric(38, 18),
	"budget" numeric(38, 18),
	"trail_distance" numeric(38, 18),
	"trail_percent" numeric(38, 18),
	"best_price" numeric(38, 18),
	"status" varchar(9) NOT NULL,
	"hold_id" integer NOT NULL,
	"order_id" bigint,
	"trigger_trade_id" bigint,
	"triggered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spot_conditional_orders" ADD CONSTRAINT "spot_conditional_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_conditional_orders" ADD CONSTRAINT "spot_conditional_orders_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spot_conditional_user_idx" ON "spot_conditional_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "spot_conditional_waiting_idx" ON "spot_conditional_orders" USING btree ("pair_id","id") WHERE "spot_conditional_orders"."status" = 'waiting';