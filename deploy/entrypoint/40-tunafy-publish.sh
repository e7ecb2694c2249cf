#!/bin/sh
# Remote start (run by the nginx image's /docker-entrypoint.sh before nginx starts): publishes this image's
# build (/opt/tunafy/build) as version $TUNAFY_VERSION of $TUNAFY_APP, i.e. into
# /srv/www/$TUNAFY_APP/$TUNAFY_VERSION/, served as /$TUNAFY_APP/$TUNAFY_VERSION/.
#
# /srv/www/$TUNAFY_APP is the remote's releases volume: versions published by earlier images stay there,
# so the gateway's remotes list can point back at any of them (rollback) without a rebuild. Publishing is
# idempotent (same build: nothing to do) and never leaves a half-copied version visible: a new version is
# copied to a hidden folder and renamed into place. Re-publishing a version with a different build (the
# same APP_VERSION rebuilt from other sources) adds the new files, then swaps the entry files last, so pages
# that still run the previous build keep finding their chunks.
set -eu

app="${TUNAFY_APP:?}"
version="${TUNAFY_VERSION:?}"
[ "$app" = shell ] && exit 0

src="${TUNAFY_BUILD_DIR:-/opt/tunafy/build}"
releases="${TUNAFY_RELEASES_ROOT:-/srv/www}/$app"
dest="$releases/$version"
lock="$releases/.publish.lock"
log() { echo "$0: $*"; }

case "$version" in
  ''|.*|*[!A-Za-z0-9._-]*) log "invalid TUNAFY_VERSION '$version'" >&2; exit 1 ;;
esac
if [ ! -w "$releases" ]; then
  log "$releases is not writable by uid $(id -u); mount the releases volume there (see docker-compose.yml)" >&2
  exit 1
fi

# Replicas of one remote may start together on the same volume: one publisher at a time. A lock older than
# two minutes is a leftover of a killed container and is taken over.
waited=0
until mkdir "$lock" 2>/dev/null; do
  if [ "$waited" -ge 120 ]; then log "taking over a stale $lock"; rm -rf "$lock"; waited=0; continue; fi
  sleep 1; waited=$((waited + 1))
done
trap 'rm -rf "$lock"' EXIT
trap 'exit 1' INT TERM

want="$(cat "$src/.build-id")"
if [ -f "$dest/.build-id" ] && [ "$(cat "$dest/.build-id")" = "$want" ]; then
  log "$app $version is already published"
elif [ ! -e "$dest" ]; then
  tmp="$releases/.publishing-$version-$$"
  rm -rf "$tmp"
  cp -R "$src" "$tmp"
  mv "$tmp" "$dest"
  log "published $app $version"
else
  log "WARNING: $app $version was published before from a different build; updating it in place" >&2
  # Hash-named files first (new names: nothing a running page uses is overwritten). A .gz the new build
  # does not have is removed, so nginx never sends a stale precompressed copy.
  (cd "$src" && find . -type f ! -name .build-id ! -name 'mf-manifest.json*' ! -name 'mf-stats.json*' ! -name 'remoteEntry.js*' \
     -exec sh -c 'for f; do
         mkdir -p "$0/$(dirname "$f")"; cp -p "$f" "$0/$f"
         case "$f" in *.gz) ;; *) [ -f "$f.gz" ] || rm -f "$0/$f.gz" ;; esac
       done' "$dest" {} +)
  # Then the entry files, each replaced atomically (its .gz first), and the build id last.
  replace() { cp -p "$src/$1" "$dest/.$1.tmp.$$" && mv -f "$dest/.$1.tmp.$$" "$dest/$1"; }
  for base in remoteEntry.js mf-stats.json mf-manifest.json; do
    if [ -f "$src/$base.gz" ]; then replace "$base.gz"; else rm -f "$dest/$base.gz"; fi
    if [ -f "$src/$base" ]; then replace "$base"; fi
  done
  replace .build-id
  log "updated $app $version"
fi
versions=''
for path in "$releases"/*; do
  if [ -e "$path" ]; then versions="$versions ${path##*/}"; fi
done
log "versions in $releases:$versions"
