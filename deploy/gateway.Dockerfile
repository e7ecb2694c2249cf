# syntax=docker/dockerfile:1.7
# The gateway: nginx (unprivileged, uid 101) serving Tunafy from one origin. It holds no application
# files, only configuration: / -> shell, /mf-*/ -> each remote's static server, /api -> the API replicas,
# /remotes.json rendered from REMOTE_*_URL at container start (deploy/entrypoint/35-tunafy-remotes.sh).
#
#   docker build -f deploy/gateway.Dockerfile -t tunafy/gateway .     (context: the repository root)
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

FROM ${NGINX_IMAGE}
USER 0
COPY deploy/nginx/gateway.conf.template /etc/nginx/templates/default.conf.template
COPY deploy/nginx/proxy-api.conf deploy/nginx/proxy-static.conf deploy/nginx/remotes.json.template /etc/nginx/tunafy/
COPY --chmod=0755 deploy/entrypoint/35-tunafy-remotes.sh /docker-entrypoint.d/35-tunafy-remotes.sh
COPY --chmod=0755 deploy/entrypoint/36-tunafy-instance.sh /docker-entrypoint.d/36-tunafy-instance.sh
# The packaged default server is replaced by the rendered template; /srv/gateway receives remotes.json and
# instance.json.
RUN rm -f /etc/nginx/conf.d/default.conf \
 && mkdir -p /srv/gateway && chown 101:0 /srv/gateway && chmod 0775 /srv/gateway
# 15-local-resolvers.envsh exports NGINX_LOCAL_RESOLVERS (Docker's DNS) for the template; the filter keeps
# envsubst away from every other variable. Upstreams are the compose service names.
ENV NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1 \
    NGINX_ENVSUBST_FILTER="^(NGINX_LOCAL_RESOLVERS|TUNAFY_)" \
    TUNAFY_API_UPSTREAM=api:8080 \
    TUNAFY_SHELL_UPSTREAM=shell:8080 \
    TUNAFY_MF_AUTH_UPSTREAM=mf-auth:8080 \
    TUNAFY_MF_LIBRARY_UPSTREAM=mf-library:8080 \
    TUNAFY_MF_PLAYER_UPSTREAM=mf-player:8080 \
    TUNAFY_MAX_BODY_SIZE=50m
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
