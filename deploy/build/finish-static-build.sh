#!/usr/bin/env bash
# The last build step of a static server image (deploy/static.Dockerfile), run on an app's dist/ folder:
#   - a precompressed copy (.gz) of every text asset larger than 1 KiB, for nginx's gzip_static (compressed
#     once here, never per request);
#   - .build-id, an id of the exact build, so that publishing a remote's release folder
#     (deploy/entrypoint/40-tunafy-publish.sh) only rewrites it when its content really differs.
# The native production topology (packages/stack/src/production-topology.ts) runs it on a copy of each
# app's dist/, so the servers it starts hold what the images hold.
#
#   deploy/build/finish-static-build.sh DIST_DIR
set -euo pipefail
export LC_ALL=C # one file order, hence one build id, whatever the host's locale
cd "${1:?usage: finish-static-build.sh DIST_DIR}"
find . -type f \( -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.json' -o -name '*.map' -o -name '*.svg' \) \
  -size +1k -exec gzip -9 -k -n {} +
# (pipefail: a failing sha256sum must fail the build, not leave an empty id)
id="$(mktemp)"
find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64 >"$id"
mv "$id" .build-id
chmod 0644 .build-id
