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

if ! command -v git >/dev/null 2>&1; then
  echo "tools/ferretdb/build.sh: 'git' is not on PATH; it applies our patch to FerretDB (see _upstream/README.md)" >&2
  exit 1
fi

# Everything the binary is made from, including this script (it holds the build steps).
sources=("$here/build.sh" "$here/go.mod" "$here/go.sum" "$here"/*.go "$here"/_upstream/*)
if command -v sha256sum >/dev/null 2>&1; then
  hash="$(cat "${sources[@]}" | sha256sum | cut -d' ' -f1)"
else
  hash="$(cat "${sources[@]}" | shasum -a 256 | cut -d' ' -f1)"
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
work="$(mktemp -d)"
trap 'rm -f "$tmp"; rm -rf "$work"' EXIT

# FerretDB with our additions (see _upstream/README.md): a copy of the module in a scratch folder, two files
# patched and two added, built through a replace directive in a scratch copy of go.mod (Go refuses overlays
# of files in the module cache, which stays untouched).
module=github.com/FerretDB/FerretDB
(cd "$here" && GOTOOLCHAIN=auto go mod download "$module")
cp -R "$(cd "$here" && GOTOOLCHAIN=auto go list -m -f '{{.Dir}}' "$module")" "$work/ferretdb"
chmod -R u+w "$work/ferretdb"
# git apply outside any repository (the ceiling keeps it from finding one above the scratch folder) acts like patch(1)
# and refuses a patch whose context does not match, e.g. after a FerretDB upgrade.
(cd "$work/ferretdb" && GIT_CEILING_DIRECTORIES="$work" git apply --whitespace=nowarn "$here"/_upstream/*.patch)
sqlite_backend="$work/ferretdb/internal/backends/sqlite"
cp "$here/_upstream/pushdown.go" "$sqlite_backend/tunafy_pushdown.go"
cp "$here/_upstream/id_expression_index.go" "$sqlite_backend/metadata/tunafy_id_expression_index.go"
cp "$here/go.mod" "$work/build.mod"
cp "$here/go.sum" "$work/build.sum"
echo "replace $module => $work/ferretdb" >>"$work/build.mod"

(cd "$here" && GOTOOLCHAIN=auto CGO_ENABLED=0 go build -trimpath -modfile "$work/build.mod" -o "$tmp" .)
mv -f "$tmp" "$bin"
echo "$hash" >"$stamp"
echo "built $bin"
