CREATE TABLE "scenaria_dm_embedded"."keyed_state" (
	"scenario_name" text NOT NULL,
	"node_id" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb,
	"timers" jsonb NOT NULL,
	CONSTRAINT "keyed_state_scenario_name_node_id_key_pk" PRIMARY KEY("scenario_name","node_id","key")
);
--> statement-breakpoint
CREATE TABLE "scenaria_dm_embedded"."scenario_watermarks" (
	"scenario_name" text PRIMARY KEY NOT NULL,
	"time" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scenaria_dm_embedded"."savepoints" ADD COLUMN "state" jsonb;