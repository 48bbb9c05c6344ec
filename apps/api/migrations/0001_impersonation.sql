ALTER TABLE "scenario_activities" ADD COLUMN "impersonated_by_identity" text;--> statement-breakpoint
ALTER TABLE "scenario_activities" ADD COLUMN "impersonated_by_username" text;