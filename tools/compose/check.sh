#!/usr/bin/env bash
# Validates docker-compose.yml the way Docker Compose itself reads it (no Docker engine needed):
#
#   1. `docker compose -f docker-compose.yml --env-file .env.example config -q` passes once SESSION_SECRET
#      is set (the one value .env.example deliberately leaves empty);
#   2. the same command fails, naming SESSION_SECRET, when it is not set (fail fast, no default secret);
#   3. the rendered model keeps the deployment's invariants (only the gateway publishes a port, the API
#      scales, every service has a health check and a restart policy, MongoDB data is in a named volume);
#   4. every variable docker-compose.yml reads is documented in .env.example;
#   5. the container entrypoint scripts parse (sh -n).
#
# Compose: `docker compose` when the machine has the v2 plugin; otherwise Docker Compose $COMPOSE_VERSION
# built once from the Go module proxy with the local Go (GOTOOLCHAIN=auto fetches the Go it needs) and
# cached in tools/compose/bin/ (git-ignored). The first build takes a few minutes; later runs take seconds.
#
# Environment: TUNAFY_COMPOSE=auto (default) | system | pinned.
# shellcheck disable=SC2016 # single quotes keep ${...} literal on purpose: compose variable names and inline JavaScript
set -euo pipefail

COMPOSE_VERSION=v2.40.3
COMPOSE_MODULE=github.com/docker/compose/v2

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin_dir="$here/bin"
pinned="$bin_dir/docker-compose"
mode="${TUNAFY_COMPOSE:-auto}"

fail() { echo "tools/compose/check.sh: FAIL: $*" >&2; exit 1; }

build_pinned() {
  if [[ -x "$pinned" && "$(cat "$bin_dir/.version" 2>/dev/null)" == "$COMPOSE_VERSION" ]]; then
    return 0
  fi
  command -v go >/dev/null 2>&1 || fail "'go' is not on PATH and no 'docker compose' plugin is installed; install either"
  echo "building Docker Compose $COMPOSE_VERSION with $(go version | cut -d' ' -f3) (once; cached in tools/compose/bin) ..."
  local started=$SECONDS
  GOTOOLCHAIN=auto go mod download "$COMPOSE_MODULE@$COMPOSE_VERSION"
  local src
  src="$(GOTOOLCHAIN=auto go env GOMODCACHE)/$COMPOSE_MODULE@$COMPOSE_VERSION"
  [[ -f "$src/go.mod" ]] || fail "module source not found at $src"
  mkdir -p "$bin_dir"
  rm -f "$bin_dir/.version"
  build_tmp="$pinned.tmp.$$"
  trap 'rm -f "${build_tmp:-}"' EXIT
  # Built as its own main module (go install refuses it: its go.mod has exclude directives).
  (cd "$src" && GOTOOLCHAIN=auto CGO_ENABLED=0 go build -buildvcs=false -trimpath \
     -ldflags "-s -w -X $COMPOSE_MODULE/internal.Version=$COMPOSE_VERSION" -o "$build_tmp" ./cmd)
  mv -f "$build_tmp" "$pinned"
  echo "$COMPOSE_VERSION" >"$bin_dir/.version"
  echo "built $pinned in $((SECONDS - started))s"
}

compose=()
case "$mode" in
  auto | system)
    if command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
      compose=(docker compose)
    elif [[ "$mode" == system ]]; then
      fail "TUNAFY_COMPOSE=system but 'docker compose' is not available"
    fi
    ;;
  pinned) ;;
  *) fail "TUNAFY_COMPOSE must be auto, system or pinned (got '$mode')" ;;
esac
if [[ ${#compose[@]} -eq 0 ]]; then
  build_pinned
  # The plugin binary also runs standalone (`docker-compose config`); no Docker CLI or engine needed.
  compose=("$pinned")
fi
version="$("${compose[@]}" version --short 2>/dev/null || true)"
[[ "$version" == v2.* || "$version" == 2.* || "$version" == v5.* || "$version" == 5.* ]] ||
  fail "Docker Compose v2 or later is needed (found: ${version:-none})"

cd "$root"
files=(-f docker-compose.yml --env-file .env.example)
# Nothing from the caller's shell or an operator's .env may leak into the check.
unset_vars=()
while IFS= read -r name; do unset_vars+=(-u "$name"); done < <(grep -o '\${[A-Z_][A-Z0-9_]*' docker-compose.yml | cut -c3- | sort -u)
clean_env() { env "${unset_vars[@]}" -u COMPOSE_PROJECT_NAME -u COMPOSE_FILE -u COMPOSE_PROFILES -u COMPOSE_ENV_FILES "$@"; }

# 1. Valid with .env.example plus a secret.
SECRET=check-only-not-a-real-secret
if ! out="$(clean_env SESSION_SECRET="$SECRET" "${compose[@]}" "${files[@]}" config -q 2>&1)"; then
  echo "$out" >&2
  fail "docker compose config rejects docker-compose.yml with .env.example"
fi
[[ -z "$out" ]] || { echo "$out" >&2; fail "docker compose config printed warnings (above)"; }

# 2. Refused without SESSION_SECRET.
if out="$(clean_env "${compose[@]}" "${files[@]}" config -q 2>&1)"; then
  fail "docker compose config accepts a missing SESSION_SECRET"
fi
grep -q 'SESSION_SECRET' <<<"$out" || { echo "$out" >&2; fail "the missing-SESSION_SECRET error does not name the variable"; }

# 3. Invariants of the rendered model.
model="$(clean_env SESSION_SECRET="$SECRET" "${compose[@]}" "${files[@]}" config --format json)"
TUNAFY_MODEL="$model" node --input-type=module -e '
const model = JSON.parse(process.env.TUNAFY_MODEL);
const services = model.services ?? {};
const problems = [];
const expect = (ok, what) => { if (!ok) problems.push(what); };
for (const name of ["mongo", "api", "gateway", "shell", "mf-auth", "mf-library", "mf-player"]) {
  const service = services[name];
  expect(service, `service ${name} exists`);
  if (!service) continue;
  expect(service.healthcheck?.test?.length > 0, `${name} has a health check`);
  expect(["always", "unless-stopped", "on-failure"].includes(service.restart), `${name} has a restart policy`);
  expect(!JSON.stringify(service.environment ?? {}).includes("check-only") || name === "api", `${name} does not receive SESSION_SECRET`);
}
for (const [name, service] of Object.entries(services)) {
  expect(name === "gateway" || !(service.ports?.length), `${name} publishes no port (only the gateway does)`);
  expect(!service.privileged, `${name} is not privileged`);
}
const api = services.api ?? {};
expect(!api.container_name, "api has no container_name (it scales)");
expect((api.deploy?.replicas ?? 1) >= 1, "api has deploy.replicas");
expect(api.environment?.HOST === "0.0.0.0", "api listens on 0.0.0.0");
expect(api.environment?.NODE_ENV === "production", "api runs with NODE_ENV=production");
expect(/replicaSet=rs0/.test(api.environment?.MONGODB_URI ?? ""), "api connects to the rs0 replica set");
expect(api.environment?.SESSION_SECRET === "check-only-not-a-real-secret", "api takes SESSION_SECRET from the environment");
const mongo = services.mongo ?? {};
expect((mongo.command ?? []).join(" ").includes("--replSet rs0"), "mongo runs as replica set rs0");
expect((mongo.volumes ?? []).some((v) => v.type === "volume" && v.source === "mongo-data" && v.target === "/data/db"), "mongo data is in the named volume mongo-data");
expect(/rs\.initiate/.test((mongo.healthcheck?.test ?? []).join(" ")), "mongo health check initiates the replica set");
const gateway = services.gateway ?? {};
expect(gateway.ports?.some((p) => String(p.target) === "8080"), "gateway publishes its port 8080");
for (const remote of ["MF_AUTH", "MF_LIBRARY", "MF_PLAYER"]) {
  expect(/^(\/|https?:\/\/)\S+mf-manifest\.json$/.test(gateway.environment?.[`REMOTE_${remote}_URL`] ?? ""), `gateway gets REMOTE_${remote}_URL`);
}
if (problems.length) { console.error(problems.map((p) => `  not true: ${p}`).join("\n")); process.exit(1); }
' || fail "docker-compose.yml lost one of its invariants (above)"

# 4. Every variable docker-compose.yml reads is documented in .env.example.
missing=()
while IFS= read -r name; do
  grep -q "^${name}=" .env.example || missing+=("$name")
done < <(grep -o '\${[A-Z_][A-Z0-9_]*' docker-compose.yml | cut -c3- | sort -u)
[[ ${#missing[@]} -eq 0 ]] || fail "not documented in .env.example: ${missing[*]}"

# 5. The scripts the images run at start.
for script in deploy/entrypoint/*.sh; do
  sh -n "$script" || fail "$script does not parse"
done

services_list="$(clean_env SESSION_SECRET="$SECRET" "${compose[@]}" "${files[@]}" config --services | sort | tr '\n' ' ')"
echo "OK: docker-compose.yml is valid (Docker Compose ${version#v}, ${compose[*]##*/}; --env-file .env.example); services: ${services_list% }"
