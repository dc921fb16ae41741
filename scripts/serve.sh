#!/bin/sh
# The built server as users run it (npm start, npm run serve, docs/deploy.md's unit, the benches):
# node with the memory setting the embedded mode needs to stay small on a laptop-class machine.
# It must be set before node starts, which is why this is a script and not code in main.js.
# On the embedded database only (no DATABASE_URL); on PostgreSQL node runs with its defaults.
# - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own arena (the HTTP thread,
#   the database's, the import workers, V8's compiler threads) and keeps what they freed; two
#   arenas reuse it.
# (The HTTP thread's young generation is left at V8's default: capped at 8 MB instead of 32, it
# spent 30 % of its time collecting under the users list, 12 % fewer requests/s, for ~45 MB less
# at an import's peak: docs/decisions.md.)
here=$(dirname "$0")
if [ -z "$DATABASE_URL" ]; then
  MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" exec node "$here/../apps/server/dist/main.js" "$@"
fi
exec node "$here/../apps/server/dist/main.js" "$@"
