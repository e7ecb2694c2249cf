#!/bin/sh
# Health of a static server: it answers, and (remotes) this image's version is published and served.
set -eu
if [ "${TUNAFY_APP:?}" = shell ]; then
  path=/index.html
else
  path="/$TUNAFY_APP/${TUNAFY_VERSION:?}/mf-manifest.json"
fi
exec wget -q -O /dev/null "http://127.0.0.1:8080$path"
