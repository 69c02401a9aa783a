CREATE TABLE "nft_artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"avatar" varchar(200) NOT NULL,
	"homepage" varchar(200) NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_artists_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "nft_artworks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" varchar(12) NOT NULL,
	"rarity" varchar(2) NOT NULL,
	"image" varchar(200) NOT NULL,
	"media" varchar(200) NOT NULL,
	"currency_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"owner_id" integer,
	"listing_state" varchar(10) DEFAULT 'normal' NOT NULL,
	"sale_id" integer,
	"collect_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_artworks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "nft_boxes" (
	"artwork_id" integer PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"salt" varchar(64) NOT NULL,
	"commitment" varchar(64) NOT NULL,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nft_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(32) NOT NULL,
	"artist_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" varchar(200) NOT NULL,
	"odds" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_collections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "nft_bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_margins" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" varchar(10) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"artwork_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer,
	"pay_type" smallint NOT NULL,
	"currency_id" integer NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"amount_due" numeric(38, 18) NOT NULL,
	"status" varchar(16) NOT NULL,
	"due_at" timestamp with time zone,
	"due_notified" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_orders_sale_id_unique" UNIQUE("sale_id")
);
--> statement-breakpoint
CREATE TABLE "nft_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"artwork_id" integer NOT NULL,
	"seller_id" integer,
	"pay_type" smallint NOT NULL,
	"currency_id" integer NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"per_increase" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"top_bid" numeric(38, 18),
	"top_bidder_id" integer,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"ending_notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nft_collects" (
	"user_id" integer NOT NULL,
	"artwork_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_collects_user_id_artwork_id_pk" PRIMARY KEY("user_id","artwork_id")
);
--> statement-breakpoint
CREATE TABLE "nft_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"artwork_id" integer NOT NULL,
	"order_id" integer,
	"price" numeric(38, 18),
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nft_artworks" ADD CONSTRAINT "nft_artworks_artist_id_nft_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."nft_artists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_artworks" ADD CONSTRAINT "nft_artworks_collection_id_nft_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."nft_collections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_artworks" ADD CONSTRAINT "nft_artworks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_boxes" ADD CONSTRAINT "nft_boxes_artwork_id_nft_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."nft_artworks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_collections" ADD CONSTRAINT "nft_collections_artist_id_nft_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."nft_artists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_sale_id_nft_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."nft_sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_margins" ADD CONSTRAINT "nft_margins_sale_id_nft_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."nft_sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_margins" ADD CONSTRAINT "nft_margins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_margins" ADD CONSTRAINT "nft_margins_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_orders" ADD CONSTRAINT "nft_orders_sale_id_nft_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."nft_sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_orders" ADD CONSTRAINT "nft_orders_artwork_id_nft_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."nft_artworks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_orders" ADD CONSTRAINT "nft_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_artwork_id_nft_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."nft_artworks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_collects" ADD CONSTRAINT "nft_collects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_collects" ADD CONSTRAINT "nft_collects_artwork_id_nft_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."nft_artworks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_messages" ADD CONSTRAINT "nft_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_messages" ADD CONSTRAINT "nft_messages_artwork_id_nft_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."nft_artworks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_artworks_owner_idx" ON "nft_artworks" USING btree ("owner_id","id") WHERE "nft_artworks"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "nft_artworks_artist_idx" ON "nft_artworks" USING btree ("artist_id","id");--> statement-breakpoint
CREATE INDEX "nft_artworks_collection_idx" ON "nft_artworks" USING btree ("collection_id","id");--> statement-breakpoint
CREATE INDEX "nft_bids_sale_idx" ON "nft_bids" USING btree ("sale_id","id");--> statement-breakpoint
CREATE INDEX "nft_bids_user_idx" ON "nft_bids" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_margins_sale_user_idx" ON "nft_margins" USING btree ("sale_id","user_id");--> statement-breakpoint
CREATE INDEX "nft_orders_buyer_idx" ON "nft_orders" USING btree ("buyer_id","status","id");--> statement-breakpoint
CREATE INDEX "nft_orders_due_idx" ON "nft_orders" USING btree ("due_at","id") WHERE "nft_orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "nft_sales_artwork_idx" ON "nft_sales" USING btree ("artwork_id","id");--> statement-breakpoint
CREATE INDEX "nft_sales_open_idx" ON "nft_sales" USING btree ("end_at","id") WHERE "nft_sales"."status" = 'open';--> statement-breakpoint
CREATE INDEX "nft_collects_user_idx" ON "nft_collects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_messages_user_idx" ON "nft_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "nft_messages_unread_idx" ON "nft_messages" USING btree ("user_id") WHERE "nft_messages"."read_at" is null;