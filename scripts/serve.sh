#!/bin/sh
# The built server as users run it (npm start, npm run serve, docs/deploy.md's unit, the benches):
# node with the memory settings the embedded mode needs to stay small on a laptop-class machine.
# Both must be set before node starts, which is why this is a script and not code in main.js.
# On the embedded database only (no DATABASE_URL); on PostgreSQL node runs with its defaults.
# - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own arena (the HTTP thread,
#   the database's, the import workers, V8's compiler threads) and keeps what they freed; two
#   arenas reuse it.
# - --max-semi-space-size=4: the HTTP thread's young generation capped at 8 MB instead of 32.
# Together: a 100,000-line import's peak 446 MB instead of 576-587 (docs/decisions.md).
here=$(dirname "$0")
if [ -z "$DATABASE_URL" ]; then
  MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" exec node --max-semi-space-size=4 "$here/../apps/server/dist/main.js" "$@"
fi
exec node "$here/../apps/server/dist/main.js" "$@"
