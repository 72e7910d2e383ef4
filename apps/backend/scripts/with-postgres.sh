#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster on a free 127.0.0.1 port.
#
#   apps/backend/scripts/with-postgres.sh                 # the backend test suite (vitest run)
#   apps/backend/scripts/with-postgres.sh npm run bench   # anything else; DATABASE_URL is exported
#
# Installs Debian's postgresql with apt-get when no server binaries are found (needs root).
# The cluster runs as the `postgres` OS user when we are root, and is stopped and deleted on exit.
set -euo pipefail

if [[ -n "${SKIP_POSTGRES:-}" ]]; then
  echo "with-postgres: SKIP_POSTGRES is set; not running: $*" >&2
  exit 0
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
backend_dir="$(cd "$here/.." && pwd)"

find_bin() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x "$d/initdb" && -x "$d/pg_ctl" ]]; then echo "$d"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"; return 0
  fi
  return 1
}

if ! bindir="$(find_bin)"; then
  if [[ "$(id -u)" != 0 ]]; then
    echo "with-postgres: PostgreSQL is not installed and we are not root; install postgresql first" >&2
    exit 1
  fi
  echo "with-postgres: installing Debian's postgresql..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  bindir="$(find_bin)"
fi

# (a plain string: console.log would colour the number when FORCE_COLOR is set, as under Nx)
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')"
workdir="$(mktemp -d /tmp/bistro-pg.XXXXXX)"
datadir="$workdir/data"

as_pg() {
  if [[ "$(id -u)" == 0 ]]; then
    chown -R postgres:postgres "$workdir"
    su postgres -s /bin/bash -c "$*"
  else
    bash -c "$*"
  fi
}

cleanup() {
  as_pg "'$bindir/pg_ctl' -D '$datadir' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT INT TERM

as_pg "'$bindir/initdb' -D '$datadir' -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null 2>&1 || '$bindir/initdb' -D '$datadir' -U postgres -A trust -E UTF8 >/dev/null"
# A loaded machine can take a while to start a cluster: wait up to 120 s, and show
# the server's own log when it does not come up.
if ! as_pg "'$bindir/pg_ctl' -D '$datadir' -l '$workdir/server.log' -w -t 120 \
  -o \"-p $port -k '$workdir' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start" >/dev/null; then
  echo "with-postgres: the server did not start; its log:" >&2
  cat "$workdir/server.log" >&2 || true
  exit 1
fi

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on $DATABASE_URL" >&2

if [[ $# -eq 0 ]]; then
  cd "$backend_dir"
  set -- npx vitest run
fi
"$@"
