CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenario_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"data" "bytea" NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenario_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scenario_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"action_name" text NOT NULL,
	"state" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"performed_at" timestamp with time zone,
	"failure_message" text,
	"comment" text,
	"build_info" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenario_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scenario_id" integer NOT NULL,
	"type" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sequence" serial NOT NULL,
	"scenario_version_id" integer,
	"comment" text,
	"is_comment_deleted" boolean DEFAULT false NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone,
	"attachment_id" integer,
	"action_id" uuid,
	"additional_fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenario_labels" (
	"scenario_id" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "scenario_labels_scenario_id_label_pk" PRIMARY KEY("scenario_id","label")
);
--> statement-breakpoint
CREATE TABLE "scenario_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenario_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"canonical_json" text NOT NULL,
	"model_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "scenario_versions_scenario_version_unique" UNIQUE("scenario_id","version_id")
);
--> statement-breakpoint
CREATE TABLE "scenarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_fragment" boolean NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"processing_type" text NOT NULL,
	"category" text NOT NULL,
	"latest_version_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "scenarios_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_actions" ADD CONSTRAINT "scenario_actions_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_activities" ADD CONSTRAINT "scenario_activities_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_activities" ADD CONSTRAINT "scenario_activities_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_activities" ADD CONSTRAINT "scenario_activities_action_id_scenario_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."scenario_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_labels" ADD CONSTRAINT "scenario_labels_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_versions" ADD CONSTRAINT "scenario_versions_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scenario_actions_scenario_idx" ON "scenario_actions" USING btree ("scenario_id","created_at");--> statement-breakpoint
CREATE INDEX "scenario_activities_scenario_idx" ON "scenario_activities" USING btree ("scenario_id","sequence");--> statement-breakpoint
CREATE INDEX "scenario_labels_label_idx" ON "scenario_labels" USING btree ("label");