CREATE TABLE "scenaria_dm_embedded"."savepoints" (
	"id" text PRIMARY KEY NOT NULL,
	"scenario_name" text NOT NULL,
	"external_id" text NOT NULL,
	"offsets" jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
