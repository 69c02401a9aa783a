CREATE TABLE "dual_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(8) NOT NULL,
	"currency_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"price_per_share" numeric(38, 18) NOT NULL,
	"apr" numeric(38, 18) NOT NULL,
	"linked_price" numeric(38, 18) NOT NULL,
	"holding_days" integer NOT NULL,
	"sale_ends_at" bigint NOT NULL,
	"maturity_at" bigint NOT NULL,
	"total_shares" integer NOT NULL,
	"sold_shares" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"seed_key" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dual_products_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "dual_products_sold_check" CHECK ("dual_products"."sold_shares" >= 0 AND "dual_products"."sold_shares" <= "dual_products"."total_shares")
);
--> statement-breakpoint
CREATE TABLE "dual_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dual_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"type" varchar(8) NOT NULL,
	"currency_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"shares" integer NOT NULL,
	"price_per_share" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"apr" numeric(38, 18) NOT NULL,
	"linked_price" numeric(38, 18) NOT NULL,
	"holding_days" integer NOT NULL,
	"maturity_at" bigint NOT NULL,
	"status" varchar(10) NOT NULL,
	"hold_id" integer NOT NULL,
	"settle_price" numeric(38, 18),
	"settle_price_at" bigint,
	"settle_source" varchar(16),
	"payout" numeric(38, 18),
	"payout_currency_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dual_orders" ADD CONSTRAINT "dual_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orders" ADD CONSTRAINT "dual_orders_product_id_dual_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."dual_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dual_orders" ADD CONSTRAINT "dual_orders_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dual_products_sale_idx" ON "dual_products" USING btree ("currency_id","type","sale_ends_at");--> statement-breakpoint
CREATE INDEX "dual_orders_user_idx" ON "dual_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "dual_orders_due_idx" ON "dual_orders" USING btree ("maturity_at","id") WHERE "dual_orders"."status" = 'purchased';