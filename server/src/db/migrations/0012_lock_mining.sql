CREATE TABLE "lock_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"currency_id" integer NOT NULL,
	"min_rate" numeric(38, 18) NOT NULL,
	"max_rate" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"penalty_rate" numeric(38, 18) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_rates" (
	"product_id" integer NOT NULL,
	"day" integer NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lock_rates_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "lock_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"min_rate" numeric(38, 18) NOT NULL,
	"max_rate" numeric(38, 18) NOT NULL,
	"penalty_rate" numeric(38, 18) NOT NULL,
	"hold_id" integer NOT NULL,
	"first_day" integer NOT NULL,
	"last_day" integer NOT NULL,
	"paid_through_day" integer NOT NULL,
	"interest" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" varchar(12) NOT NULL,
	"redeem_kind" varchar(8),
	"penalty" numeric(38, 18),
	"refund" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lock_rates" ADD CONSTRAINT "lock_rates_product_id_lock_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."lock_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_orders" ADD CONSTRAINT "lock_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_orders" ADD CONSTRAINT "lock_orders_product_id_lock_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."lock_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_orders" ADD CONSTRAINT "lock_orders_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lock_orders_user_idx" ON "lock_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "lock_orders_live_idx" ON "lock_orders" USING btree ("end_at","id") WHERE "lock_orders"."status" = 'in_progress';