#!/bin/sh
# The container image's build step (Dockerfile, build stage). CI runs this same file on a clean
# copy of the checkout (scripts/image/smoke-test.sh), so the image holds what the tests ran.
#
# It installs every package (the build needs Vite, Lingui's compiler and Tailwind), builds the
# production server into .output/, then drops the development packages: the server migrates the
# database itself when a worker starts (decision 041), so the image needs no CLI tooling to run.
set -eu
cd "$(dirname "$0")/../.."

# `npm install`, not `npm ci`: see the README's Quick start (every version is pinned exactly).
npm install --no-audit --no-fund
npm run build
npm prune --omit=dev --no-audit --no-fund
