CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40),
	"kind" varchar(8) NOT NULL,
	"page_key" varchar(32),
	"sort" integer DEFAULT 0 NOT NULL,
	"image" varchar(16) DEFAULT '' NOT NULL,
	"link_id" integer,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_items_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "content_texts" (
	"item_id" integer NOT NULL,
	"locale" varchar(4) NOT NULL,
	"title" varchar(120) NOT NULL,
	"summary" varchar(300) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_texts_item_id_locale_pk" PRIMARY KEY("item_id","locale")
);
--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_items_kind_idx" ON "content_items" USING btree ("kind","published","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_page_key_idx" ON "content_items" USING btree ("page_key") WHERE "content_items"."page_key" is not null;