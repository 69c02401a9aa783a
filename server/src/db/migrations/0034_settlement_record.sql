CREATE TABLE "settlement_heads" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_records" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"pair" varchar(24),
	"at" bigint NOT NULL,
	"ref" varchar(64) NOT NULL,
	"body" text NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proof_snapshots" ADD COLUMN "record_seq" bigint;--> statement-breakpoint
ALTER TABLE "proof_snapshots" ADD COLUMN "record_hash" varchar(64);--> statement-breakpoint
CREATE INDEX "settlement_records_kind" ON "settlement_records" USING btree ("kind","seq");--> statement-breakpoint
CREATE INDEX "settlement_records_pair" ON "settlement_records" USING btree ("pair","seq");--> statement-breakpoint
CREATE INDEX "settlement_records_at" ON "settlement_records" USING btree ("at");--> statement-breakpoint
CREATE INDEX "settlement_records_ref" ON "settlement_records" USING btree ("ref");