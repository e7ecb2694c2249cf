#!/usr/bin/env bash
# Lays out one of the deployment's nginx servers under a prefix folder, as its image holds it, ready for
# `nginx -p PREFIX -c PREFIX/nginx.conf`:
#
#   tools/deploy/render.sh gateway|shell|mf-auth|mf-library|mf-player PREFIX
#
# Used by tools/deploy/lint.sh (nginx -t on every server) and by the native production topology
# (packages/stack/src/production-topology.ts), which runs them. The files are the ones the Dockerfiles copy,
# assembled as the images assemble them: the gateway's template through envsubst of only
# NGINX_LOCAL_RESOLVERS and TUNAFY_* (the image's NGINX_ENVSUBST_FILTER), with the TUNAFY_* defaults read from
# deploy/gateway.Dockerfile's ENV and overridden by the environment as `docker run -e` overrides them; a
# static server's conf.d as deploy/static.Dockerfile copies it (@APP@ replaced as its sed does).
#
# What differs from the images is configuration only:
#   - absolute paths (/etc/nginx/tunafy/, /srv/, /opt/tunafy/, /var/log/nginx/) point into PREFIX;
#   - `listen 8080` becomes `listen $TUNAFY_LISTEN` when that is set (e.g. 127.0.0.1:40123): on one host the
#     servers cannot all have port 8080;
#   - nginx.conf is the unprivileged nginx image's main configuration with its pid, temp and log files in
#     PREFIX, and an access log format that also records the upstream address and status (the gateway's own
#     format, with the request id, is in its template and logs to PREFIX/logs/access.log as well). When
#     run as root, workers keep the current user (`user`); the images run nginx as uid 101 without it.
# The application files are not laid out here: PREFIX/opt/tunafy/build (a static server's build) and
# PREFIX/srv/... (a remote's releases, the gateway's remotes.json) come from the image's build step and
# entrypoint scripts, run by the caller.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
role="${1:?usage: render.sh gateway|shell|mf-auth|mf-library|mf-player PREFIX}"
prefix="${2:?usage: render.sh ROLE PREFIX}"
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

mkdir -p "$prefix/conf.d" "$prefix/tunafy" "$prefix/logs" "$prefix/temp"
case "$role" in
  gateway)
    cp "$root/deploy/nginx/proxy-api.conf" "$root/deploy/nginx/proxy-static.conf" "$root/deploy/nginx/remotes.json.template" "$prefix/tunafy/"
    mkdir -p "$prefix/srv/gateway"
    # The image's variables: NGINX_LOCAL_RESOLVERS (Docker's DNS there; loopback unless set) and every
    # TUNAFY_* of its ENV, each taken from the environment when set there.
    mapfile -t defaults < <(grep -o 'TUNAFY_[A-Z_]*=[^ \\]*' "$root/deploy/gateway.Dockerfile")
    names=(NGINX_LOCAL_RESOLVERS "${defaults[@]%%=*}")
    (
      export NGINX_LOCAL_RESOLVERS="${NGINX_LOCAL_RESOLVERS:-127.0.0.1}"
      for pair in "${defaults[@]}"; do
        name="${pair%%=*}"
        [ -n "${!name:-}" ] || export "${pair?}"
      done
      # shellcheck disable=SC2016 # ${NAME} here is envsubst's syntax for the variables it may replace
      envsubst "$(printf '${%s} ' "${names[@]}")" <"$root/deploy/nginx/gateway.conf.template" >"$prefix/conf.d/default.conf"
    )
    # shellcheck disable=SC2016 # a literal ${NAME} left in the output is what this looks for
    if grep -n '\${\(NGINX_LOCAL_RESOLVERS\|TUNAFY_[A-Z_]*\)}' "$prefix/conf.d/default.conf" >&2; then
      echo "render.sh: the gateway template uses a variable the image does not set (above)" >&2
      exit 1
    fi
    ;;
  shell | mf-auth | mf-library | mf-player)
    cp "$root/deploy/nginx/static-common.conf" "$prefix/conf.d/00-tunafy-common.conf"
    cp "$root/deploy/nginx/static-headers.conf" "$prefix/tunafy/static-headers.conf"
    if [ "$role" = shell ]; then
      cp "$root/deploy/nginx/shell.conf" "$prefix/conf.d/default.conf"
    else
      sed "s|@APP@|$role|g" "$root/deploy/nginx/remote.conf" >"$prefix/conf.d/default.conf"
      mkdir -p "$prefix/srv/www/$role"
    fi
    ;;
  *)
    echo "render.sh: unknown server '$role' (gateway, shell, mf-auth, mf-library or mf-player)" >&2
    exit 2
    ;;
esac

# The images' absolute paths, moved into the prefix; the port, when asked.
listen="${TUNAFY_LISTEN:-}"
find "$prefix/conf.d" "$prefix/tunafy" -type f -name '*.conf' -exec sed -i \
  -e "s|/etc/nginx/tunafy/|$prefix/tunafy/|g; s|/srv/|$prefix/srv/|g; s|/opt/tunafy/|$prefix/opt/tunafy/|g; s|/var/log/nginx/|$prefix/logs/|g" \
  -e "${listen:+s|^\\([[:space:]]*\\)listen 8080;|\\1listen $listen;|}" {} +

mime_types="$(nginx -V 2>&1 | sed -n 's/.*--conf-path=\([^ ]*\)\/nginx.conf.*/\1/p')/mime.types"
[ -f "$mime_types" ] || mime_types=/etc/nginx/mime.types
user_line=''
if [ "$(id -u)" = 0 ]; then user_line="user $(id -un) $(id -gn);"; fi
cat >"$prefix/nginx.conf" <<EOF
# The main configuration of the nginxinc/nginx-unprivileged image, with its files in this prefix.
$user_line
worker_processes auto;
error_log $prefix/logs/error.log notice;
pid $prefix/nginx.pid;
events {
    worker_connections 1024;
}
http {
    proxy_temp_path $prefix/temp/proxy;
    client_body_temp_path $prefix/temp/body;
    fastcgi_temp_path $prefix/temp/fastcgi;
    uwsgi_temp_path $prefix/temp/uwsgi;
    scgi_temp_path $prefix/temp/scgi;
    include $mime_types;
    default_type application/octet-stream;
    log_format tunafy escape=json '{"time":\$msec,"method":"\$request_method","uri":"\$request_uri","status":\$status,'
                                  '"upstream":"\$upstream_addr","upstream_status":"\$upstream_status","seconds":\$request_time}';
    access_log $prefix/logs/access.log tunafy;
    sendfile on;
    keepalive_timeout 65;
    include $prefix/conf.d/*.conf;
}
EOF
