#!/bin/sh
# The container image's start step (its CMD); CI starts the pruned build with this same file.
# `npm start` without npm: the launcher forks one worker per core (WEB_CONCURRENCY), each
# migrates the database and listens once its /readyz is ready, and SIGTERM drains requests.
# exec: the launcher takes the shell's place, so `docker stop`'s SIGTERM reaches it directly.
set -eu
cd "$(dirname "$0")/../.."
exec node scripts/serve.mjs
