CREATE TABLE "settlement_ticks" (
	"pair" varchar(24) NOT NULL,
	"ts" bigint NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"source" varchar(16) NOT NULL,
	CONSTRAINT "settlement_ticks_pair_ts_source_price_pk" PRIMARY KEY("pair","ts","source","price")
);
--> statement-breakpoint
CREATE INDEX "settlement_ticks_ts" ON "settlement_ticks" USING btree ("ts");