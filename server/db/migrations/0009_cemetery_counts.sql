CREATE TABLE "cemetery_counts" (
	"cemetery_id" integer PRIMARY KEY NOT NULL,
	"free" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"occupied" integer DEFAULT 0 NOT NULL,
	"unavailable" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cemetery_counts" ADD CONSTRAINT "cemetery_counts_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Counts follow the plots: each statement's rows are summed per cemetery and added to the
-- cemetery's row as deltas (n = n + d), so concurrent transactions never overwrite each other's
-- changes; rows are locked in cemetery order, so two statements never wait on each other in a cycle.
CREATE FUNCTION plots_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cemetery_counts AS cc (cemetery_id, free, reserved, occupied, unavailable)
    SELECT cemetery_id,
           count(*) FILTER (WHERE status = 'free'),
           count(*) FILTER (WHERE status = 'reserved'),
           count(*) FILTER (WHERE status = 'occupied'),
           count(*) FILTER (WHERE status = 'unavailable')
    FROM new_rows GROUP BY cemetery_id ORDER BY cemetery_id
  ON CONFLICT (cemetery_id) DO UPDATE SET
    free = cc.free + excluded.free,
    reserved = cc.reserved + excluded.reserved,
    occupied = cc.occupied + excluded.occupied,
    unavailable = cc.unavailable + excluded.unavailable;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION plots_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only cemeteries whose counts moved are written: an edit of a plot's notes locks nothing.
  INSERT INTO cemetery_counts AS cc (cemetery_id, free, reserved, occupied, unavailable)
    SELECT cemetery_id, sum(free), sum(reserved), sum(occupied), sum(unavailable)
    FROM (
      SELECT cemetery_id,
             (status = 'free')::int AS free, (status = 'reserved')::int AS reserved,
             (status = 'occupied')::int AS occupied, (status = 'unavailable')::int AS unavailable
      FROM new_rows
      UNION ALL
      SELECT cemetery_id,
             -(status = 'free')::int, -(status = 'reserved')::int,
             -(status = 'occupied')::int, -(status = 'unavailable')::int
      FROM old_rows
    ) d
    GROUP BY cemetery_id
    HAVING sum(free) <> 0 OR sum(reserved) <> 0 OR sum(occupied) <> 0 OR sum(unavailable) <> 0
    ORDER BY cemetery_id
  ON CONFLICT (cemetery_id) DO UPDATE SET
    free = cc.free + excluded.free,
    reserved = cc.reserved + excluded.reserved,
    occupied = cc.occupied + excluded.occupied,
    unavailable = cc.unavailable + excluded.unavailable;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION plots_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A plain update: when the cemetery itself is being deleted its row is gone, and stays gone.
  PERFORM 1 FROM cemetery_counts
    WHERE cemetery_id IN (SELECT DISTINCT cemetery_id FROM old_rows)
    ORDER BY cemetery_id FOR UPDATE;
  UPDATE cemetery_counts cc SET
    free = cc.free - d.free,
    reserved = cc.reserved - d.reserved,
    occupied = cc.occupied - d.occupied,
    unavailable = cc.unavailable - d.unavailable
  FROM (
    SELECT cemetery_id,
           count(*) FILTER (WHERE status = 'free') AS free,
           count(*) FILTER (WHERE status = 'reserved') AS reserved,
           count(*) FILTER (WHERE status = 'occupied') AS occupied,
           count(*) FILTER (WHERE status = 'unavailable') AS unavailable
    FROM old_rows GROUP BY cemetery_id
  ) d
  WHERE cc.cemetery_id = d.cemetery_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION plots_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cemetery_counts SET free = 0, reserved = 0, occupied = 0, unavailable = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- No plot changes between the triggers' creation and the backfill: both run under this lock.
LOCK TABLE plots IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TRIGGER plots_counts_insert AFTER INSERT ON plots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plots_counts_inserted();--> statement-breakpoint
CREATE TRIGGER plots_counts_update AFTER UPDATE ON plots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plots_counts_updated();--> statement-breakpoint
CREATE TRIGGER plots_counts_delete AFTER DELETE ON plots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plots_counts_deleted();--> statement-breakpoint
CREATE TRIGGER plots_counts_truncate AFTER TRUNCATE ON plots
  FOR EACH STATEMENT EXECUTE FUNCTION plots_counts_truncated();--> statement-breakpoint
INSERT INTO cemetery_counts (cemetery_id, free, reserved, occupied, unavailable)
  SELECT c.id,
         count(p.id) FILTER (WHERE p.status = 'free'),
         count(p.id) FILTER (WHERE p.status = 'reserved'),
         count(p.id) FILTER (WHERE p.status = 'occupied'),
         count(p.id) FILTER (WHERE p.status = 'unavailable')
  FROM cemeteries c LEFT JOIN plots p ON p.cemetery_id = c.id
  GROUP BY c.id;
