CREATE TABLE "scenario_test_suites" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenario_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"test_count" integer NOT NULL,
	"suite_json" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text NOT NULL,
	CONSTRAINT "scenario_test_suites_scenario_name_unique" UNIQUE("scenario_id","name")
);
--> statement-breakpoint
ALTER TABLE "scenario_test_suites" ADD CONSTRAINT "scenario_test_suites_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;