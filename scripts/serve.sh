#!/bin/sh
# The built server as users run it (npm start, npm run serve, docs/deploy.md's unit, the benches):
# node with the memory settings the embedded mode needs to stay small on a laptop-class machine.
# Both must be set before node starts, which is why this is a script and not code in main.js.
# - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own arena (the HTTP thread,
#   the database's, the import workers, V8's compiler threads) and keeps what they freed; two
#   arenas reuse it (an import's peak ~55 MB lower, measured in docs/decisions.md).
# - --max-semi-space-size=4 (embedded mode only): the HTTP thread's young generation capped at
#   8 MB instead of 32; on PostgreSQL, where memory is the server's, V8's default is kept.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
here=$(dirname "$0")
if [ -z "$DATABASE_URL" ]; then
  exec node --max-semi-space-size=4 "$here/../apps/server/dist/main.js" "$@"
fi
exec node "$here/../apps/server/dist/main.js" "$@"
