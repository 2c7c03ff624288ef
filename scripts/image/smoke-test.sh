#!/usr/bin/env bash
# What the container image does, without Docker (CI cannot run it): copy the files the
# Dockerfile's `COPY . .` takes into an empty folder, build them with the image's build step,
# start the pruned result with the image's start step and HEALTHCHECK, and use it as a client
# would (scripts/image/smoke-check.mjs). Run by `npm test` (scripts/test-all.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
server_pid=''
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2> /dev/null; then kill -TERM "$server_pid" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Tracked files and new ones git does not ignore: what a clean checkout plus the change holds.
# .dockerignore keeps the same things out of the image (node_modules, .output, data, tests' output).
mkdir -p "$work/app" "$work/data"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf -) | tar -xf - -C "$work/app"

echo "-- image build step (scripts/image/build.sh)"
sh "$work/app/scripts/image/build.sh" > "$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
# Test and lint tooling, and the project's own Node (the image brings its own), are gone.
for dev_package in eslint @playwright/test lighthouse node; do
  if [ -d "$work/app/node_modules/$dev_package" ]; then
    echo "the build step left the development package $dev_package in node_modules"
    exit 1
  fi
done

# The image's Node is the base image's; here the project's own Node 24 (on PATH from
# scripts/test-all.sh) stands in for it, as the pruned tree no longer carries it.
port="$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
echo "-- image start step (scripts/image/start.sh) on port $port"
env DATA_DIR="$work/data" PORT="$port" PUBLIC_URL="http://127.0.0.1:$port" WEB_CONCURRENCY=2 \
  BETTER_AUTH_SECRET=smoke-test-secret-not-for-production-0123456789 NODE_ENV=production \
  sh "$work/app/scripts/image/start.sh" > "$work/server.log" 2>&1 &
server_pid=$!

healthy=''
for _ in $(seq 1 120); do
  if PORT="$port" node "$work/app/scripts/image/healthcheck.mjs"; then healthy=yes; break; fi
  kill -0 "$server_pid" 2> /dev/null || break
  sleep 0.5
done
if [ -z "$healthy" ]; then
  echo "the image's HEALTHCHECK never passed"
  tail -40 "$work/server.log"
  exit 1
fi

node "$root/scripts/image/smoke-check.mjs" "http://127.0.0.1:$port" || { tail -40 "$work/server.log"; exit 1; }

kill -TERM "$server_pid"
if ! wait "$server_pid"; then
  echo "the launcher did not stop cleanly on SIGTERM"
  tail -20 "$work/server.log"
  exit 1
fi
server_pid=''
echo "-- the image's build and start steps work"
