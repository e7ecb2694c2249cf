#!/bin/sh
# Gateway start (run by the nginx image's /docker-entrypoint.sh before nginx starts): renders /remotes.json,
# the list of federation remotes the shell registers at startup, from REMOTE_MF_AUTH_URL,
# REMOTE_MF_LIBRARY_URL and REMOTE_MF_PLAYER_URL. Each is the URL of that remote's mf-manifest.json: a path
# on this origin (/mf-library/1.1.0/mf-manifest.json) or an absolute http(s) URL. A missing or malformed
# value stops the container here, with a message, instead of serving a list the shell cannot use.
set -eu

template="${TUNAFY_REMOTES_TEMPLATE:-/etc/nginx/tunafy/remotes.json.template}"
output="${TUNAFY_REMOTES_OUTPUT:-/srv/gateway/remotes.json}"
failed=0
value=''

for name in REMOTE_MF_AUTH_URL REMOTE_MF_LIBRARY_URL REMOTE_MF_PLAYER_URL; do
  eval "value=\${$name:-}"
  # Characters other than these (quotes, backslashes, spaces, ...) would break the JSON or the URL.
  rest="$(printf '%s' "$value" | tr -d 'A-Za-z0-9._~:/?#@!$&()*+,;=%-')"
  case "$value" in
    '')
      echo "$0: $name is not set (e.g. /$(echo "${name#REMOTE_}" | sed 's/_URL$//' | tr 'A-Z_' 'a-z-')/1.0.0/mf-manifest.json)" >&2
      failed=1 ;;
    *)
      if [ -n "$rest" ]; then
        echo "$0: $name='$value' has characters that do not belong in a URL: '$rest'" >&2
        failed=1
      else
        case "$value" in
          /*|http://*|https://*) ;;
          *) echo "$0: $name='$value' must start with / (a path on this origin) or http(s)://" >&2; failed=1 ;;
        esac
      fi ;;
  esac
done
[ "$failed" = 0 ] || exit 1

tmp="$output.tmp.$$"
# shellcheck disable=SC2016 # ${NAME} here is envsubst's syntax for the variables it may replace
envsubst '${REMOTE_MF_AUTH_URL} ${REMOTE_MF_LIBRARY_URL} ${REMOTE_MF_PLAYER_URL}' <"$template" >"$tmp"
mv -f "$tmp" "$output"
echo "$0: /remotes.json: mf_auth=$REMOTE_MF_AUTH_URL mf_library=$REMOTE_MF_LIBRARY_URL mf_player=$REMOTE_MF_PLAYER_URL"
