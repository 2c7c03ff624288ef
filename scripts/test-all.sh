#!/usr/bin/env bash
# The README's test command: installs what the tests need on a fresh Debian machine (as root),
# then runs every test: types, lint, formatting, catalogs, unit, integration (SQLite and
# PostgreSQL), end-to-end in Debian's Chromium against the production build, and the container
# image's build and start steps.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' > /dev/null || missing+=(postgresql)
command -v msgfmt > /dev/null || missing+=(gettext)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "== Installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
fi

echo "== Installing npm packages"
# `npm ci` refuses this lockfile here: the registry lacks some platform-specific optional
# packages (DESIGN §10). Every version is pinned exactly, so `npm install` installs the same tree.
npm install --no-audit --no-fund

# Every tool below runs on the project's pinned Node 24, not the system's Node 20.
export PATH="$PWD/node_modules/.bin:$PATH"

echo "== Type check"
npm run --silent typecheck
echo "== Lint"
npm run --silent lint
echo "== Format check"
npm run --silent format:check
echo "== Catalog check"
npm run --silent i18n:check
echo "== Unit tests"
npm run --silent test:unit
echo "== Integration tests (SQLite and PostgreSQL)"
npm run --silent test:integration
echo "== Production build"
npm run --silent build > /tmp/realtor-build.log 2>&1 || { tail -50 /tmp/realtor-build.log; exit 1; }
echo "== End-to-end tests (Chromium)"
npm run --silent test:e2e
echo "== Server log of the end-to-end run: request lines, no e-mail address (decision 044)"
node scripts/run.mjs scripts/check-server-log.ts "${E2E_SERVER_LOG:-test-logs/e2e-server.log}"
echo "== Container image steps (the Dockerfile's build and start scripts on a clean copy)"
bash scripts/image/smoke-test.sh
