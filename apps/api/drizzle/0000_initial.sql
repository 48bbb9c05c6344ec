-- The migrator creates the schema first (its own bookkeeping table lives there), hence IF NOT EXISTS.
CREATE SCHEMA IF NOT EXISTS "scenaria_dm_embedded";
--> statement-breakpoint
CREATE TABLE "scenaria_dm_embedded"."consumer_offsets" (
	"consumer_group" text NOT NULL,
	"topic" text NOT NULL,
	"next_offset" bigint NOT NULL,
	CONSTRAINT "consumer_offsets_consumer_group_topic_pk" PRIMARY KEY("consumer_group","topic")
);
--> statement-breakpoint
CREATE TABLE "scenaria_dm_embedded"."deployments" (
	"external_id" text PRIMARY KEY NOT NULL,
	"sequence" bigserial NOT NULL,
	"scenario_name" text NOT NULL,
	"deployment_id" text NOT NULL,
	"process_version" jsonb NOT NULL,
	"scenario" jsonb NOT NULL,
	"state" text NOT NULL,
	"errors" jsonb NOT NULL,
	"started_at" bigint NOT NULL,
	"ended_at" bigint
);
--> statement-breakpoint
CREATE TABLE "scenaria_dm_embedded"."node_counts" (
	"external_id" text NOT NULL,
	"node_id" text NOT NULL,
	"records_in" bigint NOT NULL,
	"records_out" bigint NOT NULL,
	"errors" bigint NOT NULL,
	CONSTRAINT "node_counts_external_id_node_id_pk" PRIMARY KEY("external_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "scenaria_dm_embedded"."topic_records" (
	"topic" text NOT NULL,
	"offset" bigint NOT NULL,
	"key" text,
	"value" jsonb,
	"timestamp" bigint NOT NULL,
	CONSTRAINT "topic_records_topic_offset_pk" PRIMARY KEY("topic","offset")
);
--> statement-breakpoint
CREATE TABLE "scenaria_dm_embedded"."topics" (
	"name" text PRIMARY KEY NOT NULL,
	"next_offset" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "deployments_scenario_name_idx" ON "scenaria_dm_embedded"."deployments" USING btree ("scenario_name");