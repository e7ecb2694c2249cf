#!/bin/sh
# Gateway start (run by the nginx image's /docker-entrypoint.sh before nginx starts): writes /instance.json,
# this instance's sidebar credits and source link, from TUNAFY_SOURCE_URL and TUNAFY_CREDITS as the operator
# set them (both optional, see deploy/README.md). The shell reads and checks them and leaves out what is unset
# or not an http(s) URL (shell/src/layout/credits.ts), as it does with the Node gateway of `npm start`; all
# this script does is make each value a JSON string, so a name may hold quotes, backslashes or accents.
set -eu

output="${TUNAFY_INSTANCE_OUTPUT:-/srv/gateway/instance.json}"

# Backslashes and double quotes escaped; tabs and line breaks (a multi-line value) become spaces, and other
# control characters, which a JSON string cannot hold raw, are dropped.
json_string() {
  printf '%s' "$1" | tr '\t\n\r' '   ' | tr -d '\000-\037' | sed 's/\\/\\\\/g; s/"/\\"/g'
}

source_url="$(json_string "${TUNAFY_SOURCE_URL:-}")"
credits="$(json_string "${TUNAFY_CREDITS:-}")"
tmp="$output.tmp.$$"
printf '{"sourceUrl":"%s","credits":"%s"}\n' "$source_url" "$credits" >"$tmp"
mv -f "$tmp" "$output"
printf '%s: /instance.json: source %s; credits %s\n' "$0" "${TUNAFY_SOURCE_URL:-(not set)}" "${TUNAFY_CREDITS:-(not set)}"
