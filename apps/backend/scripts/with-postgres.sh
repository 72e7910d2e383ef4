#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (see with-postgres.ts):
#   apps/backend/scripts/with-postgres.sh                 # the backend suite on PostgreSQL
#   apps/backend/scripts/with-postgres.sh npm run bench   # anything else; DATABASE_URL is exported
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec node --import tsx "$here/with-postgres.ts" "$@"
