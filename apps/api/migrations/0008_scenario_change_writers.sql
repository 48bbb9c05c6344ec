-- Writers no longer wait for one another. Until now each writing transaction bumped one counter row and held its
-- lock through its commit, so on a server with many connections every save queued behind the one committing, and
-- the queued backends spent more time waiting and waking than writing. A mark now holds the id of the transaction
-- that wrote its scenario; a reader's horizon is the oldest transaction still running when it reads (its
-- snapshot's xmin): every writer below that has ended and shows in the read, and a later reader reads again the
-- scenarios marked at or above it. The embedded database announces the writer's id instead of a counter value.
CREATE OR REPLACE FUNCTION "scenario_changes_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "written" record;
  "changed" integer;
  "writer" bigint;
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
  -- A setting local to the transaction: the rows it writes for the scenario it marked last need no second mark.
  IF current_setting('scenaria.change_marked', true) = "changed"::text THEN
    RETURN NULL;
  END IF;
  "writer" := pg_current_xact_id()::text::bigint;
  INSERT INTO "scenario_change_marks" ("scenario_id", "writer_xid") VALUES ("changed", "writer")
    ON CONFLICT ("scenario_id") DO UPDATE SET "writer_xid" = EXCLUDED."writer_xid";
  PERFORM set_config('scenaria.change_marked', "changed"::text, true);
  -- The same payload twice in one transaction is delivered once.
  IF current_setting('scenaria.announce_changes', true) = 'on' THEN
    PERFORM pg_notify('scenaria_scenario_changes', "writer"::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Counter values and transaction ids are not comparable: readers start afresh with a full read after the upgrade.
DELETE FROM "scenario_change_marks";
--> statement-breakpoint
ALTER TABLE "scenario_change_marks" RENAME COLUMN "seq" TO "writer_xid";
--> statement-breakpoint
ALTER INDEX "scenario_change_marks_seq_idx" RENAME TO "scenario_change_marks_writer_xid_idx";
--> statement-breakpoint
DROP TABLE "scenario_changes";
