CREATE TABLE "scenaria_dm_embedded"."batch_runs" (
	"external_id" text PRIMARY KEY NOT NULL,
	"scenario_name" text NOT NULL,
	"deployment_id" text NOT NULL,
	"process_version" jsonb NOT NULL,
	"scenario" jsonb NOT NULL,
	"state" text NOT NULL,
	"failure" jsonb,
	"rows_read" bigint DEFAULT 0 NOT NULL,
	"rows_written" bigint DEFAULT 0 NOT NULL,
	"record_errors" bigint DEFAULT 0 NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"next_run_at" bigint,
	"started_at" bigint NOT NULL,
	"ended_at" bigint
);
--> statement-breakpoint
CREATE INDEX "batch_runs_scenario_started_idx" ON "scenaria_dm_embedded"."batch_runs" USING btree ("scenario_name","started_at");
