# syntax=docker/dockerfile:1.7
# One static server image per microfrontend: APP=shell | mf-auth | mf-library | mf-player.
#
#   docker build -f deploy/static.Dockerfile --build-arg APP=mf-library --build-arg APP_VERSION=1.1.0 \
#     -t tunafy/mf-library:1.1.0 .                                  (context: the repository root)
#
# `build` compiles the app with rspack (Node, all dev tools), `runtime` is nginx (unprivileged, uid 101)
# with nothing but the build output and the nginx configuration: no Node, no sources, no secrets.
#
# The shell is served at / (its chunks load from the root). A remote (publicPath 'auto') is served under
# /<APP>/<APP_VERSION>/: at container start the image publishes its build into that versioned folder of the
# remote's releases volume, next to the versions published before it, so the gateway's /remotes.json can
# point at any of them (deploy = publish + point; rollback = point back). See deploy/README.md.

# Same base as the API (see deploy/api.Dockerfile for the choice); glibc also gives rspack and SWC their
# prebuilt native bindings.
ARG NODE_IMAGE=node:20-bookworm-slim
# nginx stable, run as an unprivileged user on port 8080; keeps the official image's entrypoint.
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
# npm ci checks the lockfile against every workspace listed in the root package.json.
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

FROM manifests AS build
# The same install for all four apps (APP is declared after it), so building the four images reuses one
# cached layer instead of four.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --include-workspace-root \
      --workspace=@tunafy/shell --workspace=@tunafy/mf-auth --workspace=@tunafy/mf-library --workspace=@tunafy/mf-player
COPY tsconfig.base.json ./
COPY tools/federation/ tools/federation/
COPY packages/contracts/ packages/contracts/
COPY packages/event-bus/ packages/event-bus/
COPY packages/api-client/ packages/api-client/
COPY packages/ui/ packages/ui/
COPY packages/app-kit/ packages/app-kit/
COPY packages/remote-contracts/ packages/remote-contracts/
COPY packages/offline/ packages/offline/
ARG APP
RUN case "${APP}" in shell|mf-auth|mf-library|mf-player) ;; \
      *) echo "build arg APP must be one of shell, mf-auth, mf-library, mf-player (got '${APP}')" >&2; exit 1 ;; esac
COPY ${APP}/ ${APP}/
# The shared packages with a build first (the shell imports their dist), then the app in production mode; the
# others (ui, app-kit, remote-contracts) are compiled from their sources into each app (the '@tunafy/source' condition).
RUN npm run build --workspace=@tunafy/contracts --workspace=@tunafy/event-bus --workspace=@tunafy/api-client --workspace=@tunafy/offline \
 && npm run build --workspace=@tunafy/${APP} \
 && test -f "${APP}/dist/$([ "${APP}" = shell ] && echo index.html || echo mf-manifest.json)"
# Precompressed copies for nginx's gzip_static (compressed once here, never per request), and an id of the
# exact build so a release folder is only rewritten when its content really differs. One script, which the
# native production topology (packages/stack/src/production-topology.ts) runs too.
COPY deploy/build/finish-static-build.sh /usr/local/bin/tunafy-finish-static-build
RUN bash /usr/local/bin/tunafy-finish-static-build "/src/${APP}/dist"

FROM ${NGINX_IMAGE} AS runtime
ARG APP
# The release folder name of this build (remotes only). Pick something unique per build (a semver, a date,
# a git sha): a published version is what /remotes.json points at and what a rollback points back to.
ARG APP_VERSION=1.0.0
# uid 0 (root): numeric, as Kubernetes runAsNonRoot checks need for the later USER.
USER 0
# Build output owned by root and read-only for nginx; only the remote's releases folder (a volume in
# docker-compose.yml) is writable by the nginx user, so the publish step can add versions to it.
COPY --from=build /src/${APP}/dist/ /opt/tunafy/build/
COPY deploy/nginx/static-common.conf /etc/nginx/conf.d/00-tunafy-common.conf
COPY deploy/nginx/static-headers.conf /etc/nginx/tunafy/static-headers.conf
COPY deploy/nginx/shell.conf deploy/nginx/remote.conf /etc/nginx/tunafy/
COPY --chmod=0755 deploy/entrypoint/40-tunafy-publish.sh /docker-entrypoint.d/40-tunafy-publish.sh
COPY --chmod=0755 deploy/entrypoint/tunafy-healthcheck.sh /usr/local/bin/tunafy-healthcheck
RUN set -eu; \
    case "${APP_VERSION}" in ''|.*|*[!A-Za-z0-9._-]*) echo "APP_VERSION '${APP_VERSION}': use letters, digits, '.', '_' and '-'" >&2; exit 1 ;; esac; \
    if [ "${APP}" = shell ]; then \
      cp /etc/nginx/tunafy/shell.conf /etc/nginx/conf.d/default.conf; \
    else \
      sed "s|@APP@|${APP}|g" /etc/nginx/tunafy/remote.conf > /etc/nginx/conf.d/default.conf; \
      mkdir -p "/srv/www/${APP}"; chown 101:0 "/srv/www/${APP}"; chmod 0775 "/srv/www/${APP}"; \
    fi; \
    rm /etc/nginx/tunafy/shell.conf /etc/nginx/tunafy/remote.conf; \
    chmod -R a+rX /opt/tunafy/build
ENV TUNAFY_APP=${APP} \
    TUNAFY_VERSION=${APP_VERSION}
LABEL org.opencontainers.image.title="tunafy-${APP}" \
      org.opencontainers.image.version="${APP_VERSION}"
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["tunafy-healthcheck"]
