#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster (UTF-8, C.UTF-8
# ctype so pg_trgm handles Cyrillic), made from the machine's PostgreSQL binaries and removed after.
set -euo pipefail

PG_BIN="${PG_BIN:-}"
if [ -z "$PG_BIN" ]; then
  for v in 18 17 16 15; do
    if [ -x "/usr/lib/postgresql/$v/bin/initdb" ]; then PG_BIN="/usr/lib/postgresql/$v/bin"; break; fi
  done
fi
if [ -z "$PG_BIN" ]; then
  echo "PostgreSQL server binaries not found; installing postgresql from Debian..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
fi

PORT="${PG_TEST_PORT:-54329}"
WORK="$(mktemp -d /tmp/mazar-pg.XXXXXX)"
chmod 755 "$WORK"
mkdir -p "$WORK/data" "$WORK/sock"

as_pg() {
  if [ "$(id -u)" = "0" ]; then
    chown -R postgres:postgres "$WORK"
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

as_pg "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$WORK/data" -o "-p $PORT -k $WORK/sock -c listen_addresses=127.0.0.1 -c fsync=off" -w -l "$WORK/log" start >/dev/null
as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres mazar_test

echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
DATABASE_URL="postgresql://postgres@127.0.0.1:$PORT/mazar_test" "$@"
