#!/usr/bin/env bash
# Smoke test of the stand-in schema engine (./schema-engine.mjs) through the ordinary Prisma CLI.
# Re-run it on every Prisma or @prisma/schema-engine-wasm upgrade.
#
#   DATABASE_URL=postgresql://user:pass@host:port/anything packages/db/engine/smoke-test.sh
#
# DATABASE_URL only names the server and credentials (the role needs CREATEDB): the test works in two
# scratch databases of its own, <db>_smoke_<pid>_dev and _deploy, drops them at the end, and never touches
# the database named in the URL, nor packages/db/prisma. Exits non-zero on the first failed check.
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL to a PostgreSQL server the test may create databases on}"
DB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PRISMA_SCHEMA_ENGINE_BINARY="$DB_DIR/engine/schema-engine.mjs"
export PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
WORK="$(mktemp -d /tmp/schema-engine-smoke.XXXXXX)"
LOG="$WORK/last-command.log"
cd "$DB_DIR"

# url_for <suffix>: DATABASE_URL with the database replaced by a scratch one.
url_for() {
  node -e 'const u = new URL(process.argv[1]); u.pathname = `/${(decodeURIComponent(u.pathname.slice(1)) || "postgres")}_smoke_${process.argv[2]}`; console.log(u.href)' \
    "$DATABASE_URL" "$$_$1"
}
DEV_URL="$(url_for dev)"
DEPLOY_URL="$(url_for deploy)"

# sql <url> <query>: prints the result rows, one per line, columns separated by '|'.
sql() {
  node --input-type=module -e '
    import pg from "pg";
    const client = new pg.Client(process.argv[1]);
    await client.connect();
    try {
      const { rows } = await client.query(process.argv[2]);
      if (rows.length) console.log(rows.map((row) => Object.values(row).join("|")).join("\n"));
    } finally { await client.end(); }' "$1" "$2"
}

# Drops a scratch database via the server's maintenance database, whatever state it is in.
drop_db() {
  local admin
  admin="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/postgres"; console.log(u.href)' "$1")"
  local name
  name="$(node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)))' "$1")"
  sql "$admin" "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null 2>&1 || true
}

cleanup() {
  drop_db "$DEV_URL"
  drop_db "$DEPLOY_URL"
  rm -rf "$WORK"
}
trap cleanup EXIT

pass=0
ok() { pass=$((pass + 1)); echo "ok   - $1"; }
fail() { echo "FAIL - $1" >&2; [[ -s "$LOG" ]] && sed 's/^/       /' "$LOG" >&2; exit 1; }

# prisma <url> <args...>: runs the CLI against a scratch database with the scratch config; output to $LOG.
prisma() {
  local url="$1"; shift
  SMOKE_URL="$url" "$DB_DIR/node_modules/.bin/prisma" "$@" --config "$WORK/prisma.config.ts" >"$LOG" 2>&1 </dev/null
}

# --- scratch project --------------------------------------------------------------------------------
mkdir -p "$WORK/prisma"
cat >"$WORK/prisma.config.ts" <<'EOF'
// Plain object (no import of prisma/config): this file lives outside the workspace.
export default {
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.SMOKE_URL },
};
EOF
cat >"$WORK/prisma/schema.prisma" <<'EOF'
datasource db {
  provider = "postgresql"
}

model User {
  id    Int    @id @default(autoincrement())
  email String @unique
}
EOF
MIGRATIONS="$WORK/prisma/migrations"
count_migrations() { find "$MIGRATIONS" -mindepth 2 -name migration.sql | wc -l; }

# --- migrate dev ------------------------------------------------------------------------------------
prisma "$DEV_URL" migrate dev --name init || fail "migrate dev --name init"
[[ "$(count_migrations)" == 1 ]] || fail "migrate dev --name init: expected 1 migration folder"
[[ "$(sql "$DEV_URL" "SELECT count(*) FROM _prisma_migrations WHERE finished_at IS NOT NULL")" == 1 ]] \
  || fail "migrate dev --name init: migration not recorded as applied"
ok "migrate dev --name init creates and applies a migration"

sql "$DEV_URL" "INSERT INTO \"User\" (email) VALUES ('keep@example.com')" || fail "insert a row"
cat >>"$WORK/prisma/schema.prisma" <<'EOF'

model Post {
  id    Int     @id @default(autoincrement())
  title String
  kind  String  @db.Char(1)
}
EOF
prisma "$DEV_URL" migrate dev --name two || fail "migrate dev --name two"
[[ "$(count_migrations)" == 2 ]] || fail "migrate dev --name two: expected 2 migration folders"
[[ -n "$(sql "$DEV_URL" "SELECT to_regclass('\"Post\"')")" ]] || fail "migrate dev --name two: table Post missing"
ok "migrate dev --name two creates and applies a second migration"

[[ "$(sql "$DEV_URL" "SELECT email FROM \"User\"")" == "keep@example.com" ]] \
  || fail "migrate dev changed the main database's data (shadow database mix-up?)"
ok "migrate dev leaves the main database's data alone"

shadows="$(sql "$DEV_URL" "SELECT count(*) FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'")"
[[ "$shadows" == 0 ]] || fail "migrate dev left $shadows shadow database(s) behind"
ok "no shadow database left behind"

# --- status and diff ---------------------------------------------------------------------------------
prisma "$DEV_URL" migrate status || fail "migrate status exited non-zero"
grep -q "Database schema is up to date" "$LOG" || fail "migrate status: not reported up to date"
ok "migrate status reports up to date"

rc=0; prisma "$DEV_URL" migrate diff --from-migrations "$MIGRATIONS" --to-schema "$WORK/prisma/schema.prisma" --exit-code || rc=$?
[[ "$rc" == 0 ]] || fail "migrate diff --exit-code in sync: expected exit 0, got $rc"
ok "migrate diff --exit-code exits 0 when in sync"

cp "$WORK/prisma/schema.prisma" "$WORK/changed.prisma"
printf '\nmodel Tag {\n  id Int @id\n}\n' >>"$WORK/changed.prisma"
rc=0; prisma "$DEV_URL" migrate diff --from-migrations "$MIGRATIONS" --to-schema "$WORK/changed.prisma" --exit-code || rc=$?
[[ "$rc" == 2 ]] || fail "migrate diff --exit-code with an un-migrated change: expected exit 2, got $rc"
grep -q "Tag" "$LOG" || fail "migrate diff: summary does not mention the new table"
prisma "$DEV_URL" migrate diff --from-empty --to-schema "$WORK/changed.prisma" --script || fail "migrate diff --script"
grep -q 'CREATE TABLE "Tag"' "$LOG" || fail "migrate diff --script: no SQL printed"
ok "migrate diff --exit-code exits 2 on an un-migrated change, and prints the diff"

# --- hand-written migrations: a $$ function body, then a failing migration ---------------------------
mkdir -p "$MIGRATIONS/20990101000000_function"
cat >"$MIGRATIONS/20990101000000_function/migration.sql" <<'EOF'
CREATE FUNCTION upper_title() RETURNS trigger AS $$
BEGIN
  NEW.title := upper(NEW.title);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER post_upper_title BEFORE INSERT ON "Post" FOR EACH ROW EXECUTE FUNCTION upper_title();
EOF

# --- migrate deploy on a fresh database --------------------------------------------------------------
start=$(date +%s%N)
prisma "$DEPLOY_URL" migrate deploy || fail "migrate deploy on a fresh database"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[[ "$(sql "$DEPLOY_URL" "SELECT count(*) FROM _prisma_migrations WHERE finished_at IS NOT NULL")" == 3 ]] \
  || fail "migrate deploy: expected 3 applied migrations"
ok "migrate deploy creates a fresh database and applies all migrations (${ms} ms)"

[[ "$(sql "$DEPLOY_URL" "INSERT INTO \"Post\" (title, kind) VALUES ('hello', 'a') RETURNING title")" == "HELLO" ]] \
  || fail "the \$\$ plpgsql function did not apply intact"
ok "a migration with a \$\$ plpgsql function body applies"

prisma "$DEPLOY_URL" migrate deploy || fail "migrate deploy when up to date"
grep -q "No pending migrations" "$LOG" || fail "migrate deploy when up to date: unexpected output"
ok "migrate deploy is a no-op when up to date"

mkdir -p "$MIGRATIONS/20990102000000_broken"
cat >"$MIGRATIONS/20990102000000_broken/migration.sql" <<'EOF'
CREATE TABLE "Half" (id INTEGER PRIMARY KEY);
INSERT INTO "User" (email) VALUES ('from-broken-migration');
SELECT * FROM "NoSuchTable";
EOF
prisma "$DEPLOY_URL" migrate deploy && fail "migrate deploy of a failing migration exited 0"
[[ -z "$(sql "$DEPLOY_URL" "SELECT to_regclass('\"Half\"')")" ]] || fail "failing migration: table Half was left behind"
[[ "$(sql "$DEPLOY_URL" "SELECT count(*) FROM \"User\"")" == 0 ]] || fail "failing migration: its INSERT was left behind"
[[ "$(sql "$DEPLOY_URL" "SELECT count(*) FROM _prisma_migrations WHERE migration_name = '20990102000000_broken' AND finished_at IS NULL AND logs IS NOT NULL")" == 1 ]] \
  || fail "failing migration: not recorded as failed"
ok "a failing migration rolls back whole and is recorded as failed"

prisma "$DEPLOY_URL" migrate resolve --rolled-back 20990102000000_broken || fail "migrate resolve --rolled-back"
rm -r "$MIGRATIONS/20990102000000_broken"
prisma "$DEPLOY_URL" migrate status || fail "migrate status after resolve"
ok "migrate resolve --rolled-back recovers"

echo "$pass passed, 0 failed"
