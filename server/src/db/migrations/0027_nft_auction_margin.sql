-- Open auctions listed without a margin get one: a tenth of the starting price, at least the
-- smallest unit. Their bids held nothing, so they are void and the auction starts over: a bid
-- that cost nothing must not keep the sale blocked.
DELETE FROM "nft_bids" WHERE "sale_id" IN (SELECT "id" FROM "nft_sales" WHERE "pay_type" = 2 AND "margin" <= 0 AND "status" = 'open');--> statement-breakpoint
UPDATE "nft_sales" SET "margin" = GREATEST(TRUNC("price" / 10, 8), 0.00000001), "top_bid" = NULL, "top_bidder_id" = NULL, "bid_count" = 0 WHERE "pay_type" = 2 AND "margin" <= 0 AND "status" = 'open';--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_auction_margin_check" CHECK ("nft_sales"."pay_type" <> 2 OR "nft_sales"."margin" > 0 OR "nft_sales"."status" <> 'open');