CREATE TABLE "scheduled_runs" (
	"job" varchar(64) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scheduled_runs_job_period_start_pk" PRIMARY KEY("job","period_start")
);
