-- A database that one process alone writes (the embedded one) announces every counter value it commits: that
-- process hears each announcement before the answer to the statement that committed it, so it knows a list is
-- still current without asking. Only that process's session turns the setting on; a shared server announces
-- nothing (its commits would queue behind the notification lock for listeners that may not exist).
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
    IF current_setting('scenaria.announce_changes', true) = 'on' THEN
      PERFORM pg_notify('scenaria_scenario_changes', "bumped"::text);
    END IF;
  ELSIF current_setting('scenaria.change_marked', true) = "changed"::text THEN
    RETURN NULL;
  END IF;
  INSERT INTO "scenario_change_marks" ("scenario_id", "seq") VALUES ("changed", "bumped")
    ON CONFLICT ("scenario_id") DO UPDATE SET "seq" = EXCLUDED."seq";
  PERFORM set_config('scenaria.change_marked', "changed"::text, true);
  RETURN NULL;
END
$$;
