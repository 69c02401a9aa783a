CREATE TABLE "spot_id_blocks" (
	"kind" varchar(16) PRIMARY KEY NOT NULL,
	"next" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_pair_leases" (
	"pair_id" integer PRIMARY KEY NOT NULL,
	"owner" varchar(128) NOT NULL,
	"epoch" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_workers" (
	"id" varchar(128) PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
