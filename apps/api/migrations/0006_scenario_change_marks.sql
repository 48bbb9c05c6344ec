CREATE TABLE "scenario_change_marks" (
	"scenario_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scenario_change_marks_seq_idx" ON "scenario_change_marks" USING btree ("seq");--> statement-breakpoint
-- The same triggers (migration 0005) now also mark the scenario each row belongs to, and bump the counter once
-- per transaction instead of once per row: the counter's row stays locked from that bump to the commit, and every
-- writing transaction waits for it, so the work done while holding it is kept to one update and one mark per
-- scenario. Marks are written while it is held, so they commit in the order of their numbers.
CREATE OR REPLACE FUNCTION "scenario_changes_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "written" record;
  "bumped" bigint;
  "changed" integer;
BEGIN
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
  -- Settings made local to the transaction: gone at its end, also when it rolls back.
  "bumped" := nullif(current_setting('scenaria.change_seq', true), '')::bigint;
  IF "bumped" IS NULL THEN
    UPDATE "scenario_changes" SET "seq" = "seq" + 1 WHERE "id" = 1 RETURNING "seq" INTO "bumped";
    IF "bumped" IS NULL THEN
      RETURN NULL;
    END IF;
    PERFORM set_config('scenaria.change_seq', "bumped"::text, true);
  ELSIF current_setting('scenaria.change_marked', true) = "changed"::text THEN
    RETURN NULL;
  END IF;
  INSERT INTO "scenario_change_marks" ("scenario_id", "seq") VALUES ("changed", "bumped")
    ON CONFLICT ("scenario_id") DO UPDATE SET "seq" = EXCLUDED."seq";
  PERFORM set_config('scenaria.change_marked', "changed"::text, true);
  RETURN NULL;
END
$$;
