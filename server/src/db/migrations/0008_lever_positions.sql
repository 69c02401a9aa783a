CREATE TABLE "lever_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"order_type" smallint NOT NULL,
	"status" varchar(9) NOT NULL,
	"lots" integer NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"entry_price" numeric(38, 18) NOT NULL,
	"limit_price" numeric(38, 18),
	"initial_margin" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"open_fee" numeric(38, 18) NOT NULL,
	"close_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"overnight_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"maintenance_rate" numeric(38, 18) NOT NULL,
	"overnight_rate" numeric(38, 18) NOT NULL,
	"liquidation_price" numeric(38, 18) NOT NULL,
	"take_profit" numeric(38, 18),
	"stop_loss" numeric(38, 18),
	"margin_hold_id" integer NOT NULL,
	"fee_hold_id" integer,
	"overnight_day" integer NOT NULL,
	"close_price" numeric(38, 18),
	"close_reason" varchar(12),
	"closed_after_restart" boolean DEFAULT false NOT NULL,
	"pnl" numeric(38, 18),
	"returned" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lever_positions" ADD CONSTRAINT "lever_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lever_positions" ADD CONSTRAINT "lever_positions_margin_hold_id_ledger_holds_id_fk" FOREIGN KEY ("margin_hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lever_positions" ADD CONSTRAINT "lever_positions_fee_hold_id_ledger_holds_id_fk" FOREIGN KEY ("fee_hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lever_positions_user_idx" ON "lever_positions" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "lever_positions_live_idx" ON "lever_positions" USING btree ("pair_id","side") WHERE "lever_positions"."status" IN ('pending', 'open');