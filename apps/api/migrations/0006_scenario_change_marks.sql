CREATE TABLE "scenario_change_marks" (
	"scenario_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scenario_change_marks_seq_idx" ON "scenario_change_marks" USING btree ("seq");--> statement-breakpoint
-- The same per-row bump (triggers of migration 0005), now also marking the scenario the row belongs to. Marks
-- are written after the counter's row is locked, so they commit in the order of their numbers.
CREATE OR REPLACE FUNCTION "scenario_changes_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "written" record;
  "bumped" bigint;
  "changed" integer;
BEGIN
  UPDATE "scenario_changes" SET "seq" = "seq" + 1 WHERE "id" = 1 RETURNING "seq" INTO "bumped";
  IF "bumped" IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    "written" := OLD;
  ELSE
    "written" := NEW;
  END IF;
  IF TG_TABLE_NAME = 'scenarios' THEN
    "changed" := "written"."id";
  ELSE
    "changed" := "written"."scenario_id";
  END IF;
  INSERT INTO "scenario_change_marks" ("scenario_id", "seq") VALUES ("changed", "bumped")
    ON CONFLICT ("scenario_id") DO UPDATE SET "seq" = EXCLUDED."seq";
  RETURN NULL;
END
$$;
