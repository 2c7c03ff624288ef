#!/usr/bin/env bash
# The README's test command: installs what the tests need on a fresh Debian machine (as root),
# then runs every test: types, lint, formatting, catalogs, unit, integration (SQLite and
# PostgreSQL), end-to-end in Debian's Chromium against the production build, and the container
# image's build and start steps.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase's duration is printed in a table at the end, and on failure up to the phase that
# failed, so that a slow addition shows in the run that added it (issue 50).
phase_names=()
phase_seconds=()
current_phase=''
phase_started=0
run_started=$SECONDS

begin_phase() {
  end_phase
  current_phase="$1"
  phase_started=$SECONDS
  echo "== $1"
}

end_phase() {
  if [ -n "$current_phase" ]; then
    phase_names+=("$current_phase")
    phase_seconds+=($((SECONDS - phase_started)))
    current_phase=''
  fi
}

print_phase_table() {
  local status=$?
  local failed="$current_phase"
  end_phase
  echo
  echo "== Phase times"
  local i
  for i in "${!phase_names[@]}"; do
    local mark=''
    if [ "$status" -ne 0 ] && [ "${phase_names[$i]}" = "$failed" ]; then mark='  (failed)'; fi
    printf '  %-72s %5d s%s\n' "${phase_names[$i]}" "${phase_seconds[$i]}" "$mark"
  done
  printf '  %-72s %5d s\n' 'Total' $((SECONDS - run_started))
  return "$status"
}
trap print_phase_table EXIT

missing=()
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
compgen -G '/usr/lib/postgresql/*/bin/initdb' > /dev/null || missing+=(postgresql)
command -v msgfmt > /dev/null || missing+=(gettext)
if [ "${#missing[@]}" -gt 0 ]; then
  begin_phase "Installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
fi

begin_phase "Installing npm packages"
# `npm ci` refuses this lockfile here: the registry lacks some platform-specific optional
# packages (DESIGN §10). Every version is pinned exactly, so `npm install` installs the same tree.
npm install --no-audit --no-fund

# Every tool below runs on the project's pinned Node 24, not the system's Node 20.
export PATH="$PWD/node_modules/.bin:$PATH"

# The four static checks each use one core; two at a time fill this machine's two. Each one's
# output is printed whole, after it ends, and the first one that fails fails the phase.
run_checks_side_by_side() {
  local logs
  logs=$(mktemp -d)
  local names=("$@")
  local pids=()
  local name
  for name in "${names[@]}"; do
    npm run --silent "$name" > "$logs/$name.log" 2>&1 &
    pids+=($!)
  done
  local failed=()
  local i
  for i in "${!names[@]}"; do
    if ! wait "${pids[$i]}"; then failed+=("${names[$i]}"); fi
    echo "-- npm run ${names[$i]}"
    cat "$logs/${names[$i]}.log"
  done
  rm -rf "$logs"
  if [ "${#failed[@]}" -gt 0 ]; then
    echo "Failed: ${failed[*]}"
    return 1
  fi
}

begin_phase "Type check and lint (side by side)"
run_checks_side_by_side typecheck lint
begin_phase "Format and catalog checks (side by side)"
run_checks_side_by_side format:check i18n:check
begin_phase "Unit tests"
npm run --silent test:unit
begin_phase "Integration tests (SQLite and PostgreSQL)"
npm run --silent test:integration
begin_phase "Production build"
npm run --silent build > /tmp/realtor-build.log 2>&1 || { tail -50 /tmp/realtor-build.log; exit 1; }
begin_phase "End-to-end tests (Chromium)"
npm run --silent test:e2e
begin_phase "Server log of the end-to-end run: request lines, no e-mail address, no 5xx (decisions 044, 076)"
node scripts/run.mjs scripts/check-server-log.ts "${E2E_SERVER_LOG:-test-logs/e2e-server.log}"
begin_phase "Container image steps (the Dockerfile's build and start scripts on a clean copy)"
bash scripts/image/smoke-test.sh
