# syntax=docker/dockerfile:1.7
# The Tunafy API (services/api): NestJS on Node, talking to MongoDB.
#
#   docker build -f deploy/api.Dockerfile -t tunafy/api .        (context: the repository root)
#
# Stages: `manifests` (lockfile + every workspace's package.json) -> `build` (all deps, tsc) and, in
# parallel, `prod-deps` (production dependencies only) -> `runtime` (node, the two dist folders and the
# production node_modules; no npm, no sources, no dev dependencies, runs as the unprivileged `node` user).
# No configuration or secret is baked in: MONGODB_URI, SESSION_SECRET, ... come from the environment at run
# time (see docker-compose.yml and .env.example).

# node:20-bookworm-slim: the Node major the project is developed and tested on (CI runs Node 20.20; the
# root package.json asks for >= 20.19), on an explicitly named Debian release so a base-image refresh can
# never silently move us to another distribution (node:22-slim now tracks trixie). glibc matters: argon2
# ships glibc prebuilds, so no compiler is needed. Node 20 leaves maintenance on 2026-04-30: move to
# node:22-bookworm-slim then, after running the test suite on 22 (`--build-arg NODE_IMAGE=...` tries it).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
# npm ci checks the lockfile against every workspace listed in the root package.json, so all of their
# manifests must be present even though only two workspaces are installed below.
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/event-bus/package.json packages/event-bus/
COPY packages/ui/package.json packages/ui/
COPY packages/app-kit/package.json packages/app-kit/
COPY packages/remote-contracts/package.json packages/remote-contracts/
COPY packages/api-client/package.json packages/api-client/
COPY packages/server-kit/package.json packages/server-kit/
COPY packages/stack/package.json packages/stack/
COPY packages/offline/package.json packages/offline/
COPY services/api/package.json services/api/
COPY shell/package.json shell/
COPY mf-auth/package.json mf-auth/
COPY mf-library/package.json mf-library/
COPY mf-player/package.json mf-player/
COPY e2e/package.json e2e/
COPY tools/architecture/package.json tools/architecture/
ENV npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false \
    SCARF_ANALYTICS=false

# Everything needed to compile: the root's dev tools (typescript, @types/node) plus the API's, the contracts' and
# the server kit's own dependencies and dev dependencies.
FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --include-workspace-root --workspace=@tunafy/api --workspace=@tunafy/contracts --workspace=@tunafy/server-kit
COPY tsconfig.base.json ./
COPY packages/contracts/ packages/contracts/
COPY packages/server-kit/ packages/server-kit/
COPY services/api/ services/api/
RUN npm run build --workspace=@tunafy/contracts --workspace=@tunafy/server-kit --workspace=@tunafy/api

# Production dependencies only (a fresh install rather than a prune: it runs in parallel with `build`).
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --workspace=@tunafy/api

FROM ${NODE_IMAGE} AS runtime
# ffmpeg from Debian transcodes what a browser or an app cannot play and measures loudness (docs/streaming.md);
# the API spawns it by name (FFMPEG_PATH). Not pinned: the named Debian release fixes the 5.1 line and its
# security updates should flow in. The package managers are not needed to run the app: less to ship.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/* \
 && rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* \
 && mkdir -p /var/cache/tunafy/media && chown -R node:node /var/cache/tunafy
# The repository layout is kept (/app/node_modules/@tunafy/contracts is a link to ../../packages/contracts).
# Files stay owned by root: the `node` user can read the app but not change it.
WORKDIR /app
COPY --from=prod-deps /src/node_modules ./node_modules
COPY --from=build /src/packages/contracts/package.json packages/contracts/
COPY --from=build /src/packages/contracts/dist packages/contracts/dist
COPY --from=build /src/packages/server-kit/package.json packages/server-kit/
COPY --from=build /src/packages/server-kit/dist packages/server-kit/dist
COPY --from=build /src/services/api/package.json services/api/
COPY --from=build /src/services/api/dist services/api/dist
# HOST must be 0.0.0.0 in a container (the app's default, 127.0.0.1, is unreachable from the gateway).
# MEDIA_CACHE_DIR is the local disk copy of GridFS media; mount a volume there (docker-compose.yml does).
# NODE_OPTIONS, the MALLOC_ settings and the CMD's flag: what npm start gives the API too (API_NODE_FLAGS and
# API_ENV_DEFAULTS in packages/stack/src/api-process.ts; two malloc arenas keep memory freed by V8's and libuv's threads
# reusable, a fixed mmap threshold gives big freed blocks back instead of keeping them in the arenas).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=8080 \
    MEDIA_CACHE_DIR=/var/cache/tunafy/media \
    NODE_OPTIONS="--enable-source-maps --max-semi-space-size=2 --max-old-space-size=768"
# The image's `node` user (uid 1000), by number: runtimes can check a numeric user is not root.
USER 1000
WORKDIR /app/services/api
EXPOSE 8080
# 200 when the API and its database answer, 503 while MongoDB is unreachable. The API listens only once it has
# loaded the catalog into memory (seconds on MongoDB; on the order of a minute for 100k songs on the embedded
# engine), so the start period matches the compose file's.
HEALTHCHECK --interval=15s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# --heap-growing-percent=30 (decision 0011): Node refuses it in NODE_OPTIONS, so it is given here.
CMD ["node", "--heap-growing-percent=30", "dist/main.js"]
