#!/usr/bin/env bash
# Builds bin/tunafy-ferretdb, skipping the build when the sources are unchanged
# so test runs and `npm start` do not pay for a Go build every time.
# -q: print nothing when the binary is already up to date (for launchers).
set -euo pipefail

quiet=false
[[ "${1:-}" == "-q" ]] && quiet=true

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$here/bin/tunafy-ferretdb"
stamp="$here/bin/.stamp"

if ! command -v go >/dev/null 2>&1; then
  echo "tools/ferretdb/build.sh: 'go' is not on PATH; install Go (>= 1.21, GOTOOLCHAIN=auto fetches 1.24) to build the local FerretDB engine" >&2
  exit 1
fi

if command -v sha256sum >/dev/null 2>&1; then
  hash="$(cat "$here/go.mod" "$here/go.sum" "$here/main.go" | sha256sum | cut -d' ' -f1)"
else
  hash="$(cat "$here/go.mod" "$here/go.sum" "$here/main.go" | shasum -a 256 | cut -d' ' -f1)"
fi

if [[ -x "$bin" && -f "$stamp" && "$(cat "$stamp")" == "$hash" ]]; then
  $quiet || echo "tunafy-ferretdb is up to date ($bin)"
  exit 0
fi

echo "building tunafy-ferretdb (the first build downloads modules and can take a few minutes) ..."
mkdir -p "$here/bin"
rm -f "$stamp"
# Pure-Go SQLite (modernc.org/sqlite), so no C toolchain is needed.
# GOTOOLCHAIN=auto lets an older local Go fetch the 1.24 toolchain the module asks for.
# A per-process temp name plus an atomic mv keeps parallel callers (several
# test workers starting at once) from clobbering each other's output.
tmp="$bin.tmp.$$"
trap 'rm -f "$tmp"' EXIT
(cd "$here" && GOTOOLCHAIN=auto CGO_ENABLED=0 go build -trimpath -o "$tmp" .)
mv -f "$tmp" "$bin"
echo "$hash" >"$stamp"
echo "built $bin"
