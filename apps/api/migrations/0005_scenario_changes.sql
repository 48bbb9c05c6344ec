CREATE TABLE "scenario_changes" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "scenario_changes" ("id", "seq") VALUES (1, 0);
--> statement-breakpoint
-- Deferred to commit, so the counter row is locked only while a writing transaction commits.
CREATE FUNCTION "scenario_changes_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "scenario_changes" SET "seq" = "seq" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scenarios_changed" AFTER INSERT OR UPDATE OR DELETE ON "scenarios" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "scenario_changes_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scenario_versions_changed" AFTER INSERT OR UPDATE OR DELETE ON "scenario_versions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "scenario_changes_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scenario_labels_changed" AFTER INSERT OR UPDATE OR DELETE ON "scenario_labels" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "scenario_changes_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scenario_actions_changed" AFTER INSERT OR UPDATE OR DELETE ON "scenario_actions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "scenario_changes_bump"();
