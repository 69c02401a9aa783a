CREATE TABLE "otc_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"side" varchar(4) NOT NULL,
	"currency_id" integer NOT NULL,
	"fiat" varchar(3) NOT NULL,
	"price_type" varchar(6) NOT NULL,
	"fixed_price" numeric(38, 18),
	"margin" numeric(38, 18),
	"total" numeric(38, 18) NOT NULL,
	"remaining" numeric(38, 18) NOT NULL,
	"min_qty" numeric(38, 18) NOT NULL,
	"max_qty" numeric(38, 18) NOT NULL,
	"methods" jsonb NOT NULL,
	"window_minutes" integer NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"status" varchar(8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"state" varchar(8) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otc_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"fiat" varchar(3) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"fiat_amount" numeric(38, 18) NOT NULL,
	"value_usdt" numeric(38, 18) NOT NULL,
	"method" varchar(16) NOT NULL,
	"pay_to" jsonb NOT NULL,
	"hold_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"cancel_cause" varchar(8),
	"proof" text,
	"created_at" timestamp with time zone NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"appeal_by" integer,
	"appeal_text" text,
	"appeal_images" jsonb,
	"appeal_at" timestamp with time zone,
	"pending_decision" varchar(8),
	"pending_by" integer,
	"decision" varchar(8)
);
--> statement-breakpoint
ALTER TABLE "otc_ads" ADD CONSTRAINT "otc_ads_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_applications" ADD CONSTRAINT "otc_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_applications" ADD CONSTRAINT "otc_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_messages" ADD CONSTRAINT "otc_messages_order_id_otc_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."otc_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_messages" ADD CONSTRAINT "otc_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_orders" ADD CONSTRAINT "otc_orders_ad_id_otc_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."otc_ads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_orders" ADD CONSTRAINT "otc_orders_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_orders" ADD CONSTRAINT "otc_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_orders" ADD CONSTRAINT "otc_orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_orders" ADD CONSTRAINT "otc_orders_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_orders" ADD CONSTRAINT "otc_orders_appeal_by_users_id_fk" FOREIGN KEY ("appeal_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_orders" ADD CONSTRAINT "otc_orders_pending_by_users_id_fk" FOREIGN KEY ("pending_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otc_ads_list_idx" ON "otc_ads" USING btree ("status","side","currency_id","fiat");--> statement-breakpoint
CREATE INDEX "otc_ads_merchant_idx" ON "otc_ads" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "otc_applications_state_idx" ON "otc_applications" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "otc_applications_waiting_unique" ON "otc_applications" USING btree ("user_id") WHERE "otc_applications"."state" = 'review';--> statement-breakpoint
CREATE INDEX "otc_messages_order_idx" ON "otc_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "otc_orders_buyer_idx" ON "otc_orders" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "otc_orders_seller_idx" ON "otc_orders" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "otc_orders_merchant_idx" ON "otc_orders" USING btree ("merchant_id","status");--> statement-breakpoint
CREATE INDEX "otc_orders_unpaid_idx" ON "otc_orders" USING btree ("pay_deadline") WHERE "otc_orders"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "otc_orders_appeal_idx" ON "otc_orders" USING btree ("status","id");