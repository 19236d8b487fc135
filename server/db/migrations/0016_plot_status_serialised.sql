-- A plot's status follows its burial records and holds (0014), which two transactions may change at
-- once: a family cancelling a lapsed hold (or the expiry job ending it) while another family books
-- the place. Each transaction computed the status from what it saw — its own change, not the
-- other's uncommitted one — and the one that committed last wrote its view: the place shown free
-- (and counted free) while a family held it. Now each change locks the plots' rows first, in id
-- order, and reads the records and holds only then: under READ COMMITTED that read sees every
-- change committed before the lock was granted, so the transactions that change one place derive
-- its status one after the other, the last seeing all the others (decision 015).
CREATE OR REPLACE FUNCTION plots_status_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM plots WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE plots p SET status = d.status
  FROM (
    SELECT q.id,
      CASE
        WHEN EXISTS (SELECT 1 FROM burials b WHERE b.plot_id = q.id) THEN 'occupied'
        WHEN EXISTS (SELECT 1 FROM plot_holds h WHERE h.plot_id = q.id AND h.released_at IS NULL) THEN 'reserved'
        WHEN q.status = 'unavailable' THEN 'unavailable'
        ELSE 'free'
      END AS status
    FROM plots q WHERE q.id = ANY(ids)
  ) d
  WHERE p.id = d.id AND p.status IS DISTINCT FROM d.status;
END;
$$;--> statement-breakpoint
-- A place the old function left free while a family holds it is put right (a place imported as
-- reserved without a hold is left as it is).
SELECT plots_status_refresh(ARRAY(
  SELECT p.id FROM plots p
  WHERE p.status = 'free' AND EXISTS (SELECT 1 FROM plot_holds h WHERE h.plot_id = p.id AND h.released_at IS NULL)
  ORDER BY p.id));
