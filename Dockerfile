# syntax=docker/dockerfile:1
# The production image: `docker build -t realtor-homepage .` (decision 042, README "Running at
# scale"). Its build and start steps are scripts that CI runs on a clean checkout too
# (scripts/image/smoke-test.sh), since Docker itself cannot run there.

# Node 24 as the project pins it (package.json devDependencies "node"; a unit test keeps the two
# equal). Debian slim, the same glibc both stages, so native packages built here run there.
FROM node:24.21.0-bookworm-slim AS build
# better-sqlite3 and sharp ship prebuilt binaries; the compilers are the fallback when the
# registry has none for this platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Packages first, so a change of code alone reuses the installed layer.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN sh scripts/image/build.sh

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO=false
WORKDIR /app
# What `npm start` runs and nothing else: the built server, its launcher, the production packages.
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/.output ./.output
COPY --from=build --chown=root:root /app/scripts/serve.mjs ./scripts/serve.mjs
COPY --from=build --chown=root:root /app/scripts/image ./scripts/image
# The code belongs to root and is read-only to the app; only the data volume is the app's.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/image/healthcheck.mjs"]
CMD ["sh", "scripts/image/start.sh"]
