-- The burial requests' expiry and reminders are timers of their machine now (workflow.timer jobs,
-- keyed entity:id:timer:due time). The jobs still open under the old kinds become timers of the
-- same time, so a hold booked before this version still ends, and its family is still reminded.
-- The due time is written as JavaScript's toISOString() writes it (milliseconds, Z), which is how
-- the timer recognises that its row's time has not moved.
UPDATE "jobs"
SET "kind" = 'workflow.timer',
  "key" = 'burial_request:' || ("payload"->>'id') || ':' || t.name || ':' || t.due,
  "payload" = jsonb_build_object('entity', 'burial_request', 'id', ("payload"->>'id')::int, 'timer', t.name, 'at', t.due)
FROM (
  SELECT "id" AS job_id,
    CASE WHEN "kind" = 'burial_request.expire' THEN 'expire' ELSE 'remind_' || ("payload"->>'hours') || 'h' END AS name,
    to_char("run_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS due
  FROM "jobs"
  WHERE "kind" IN ('burial_request.expire', 'burial_request.remind') AND "done_at" IS NULL AND "failed_at" IS NULL
) AS t
WHERE "jobs"."id" = t.job_id;
