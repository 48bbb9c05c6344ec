ALTER TABLE "scenaria_dm_embedded"."deployments" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "scenaria_dm_embedded"."deployments" ADD COLUMN "runner_lease_until" bigint;