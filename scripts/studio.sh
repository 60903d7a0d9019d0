#!/usr/bin/env bash
# The Studio's part of the test run (studio/ has its own packages, ~620 MB, never part of the
# site's install):   scripts/studio.sh install | types | build
#   install  studio/node_modules from studio/package-lock.json
#   types    type-check the Studio and its tests, then schema extract + typegen; fails when
#            src/lib/content/sanity.types.ts was out of date
#   build    `sanity build` into studio/dist (never deployed with the site)
# Everything runs offline. Each step prints how long it took.
set -uo pipefail
cd "$(dirname "$0")/../studio"
export DO_NOT_TRACK=1 NO_UPDATE_NOTIFIER=1 npm_config_fund=false npm_config_audit=false
sanity() { ./node_modules/.bin/sanity "$@"; }
started=$(date +%s)

case "${1:-}" in
  install)
    if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
      npm ci || {
        if [ -n "${CI:-}" ]; then
          echo "[studio] npm ci refused studio/package-lock.json (out of step with studio/package.json?): run npm install in studio/ and commit the lockfile" >&2
          exit 1
        fi
        echo "[studio] npm ci refused studio/package-lock.json (out of step with studio/package.json?); falling back to npm install: commit the lockfile if it changes" >&2
        npm install --no-audit --no-fund
      }
    fi ;;
  types)
    generated=../src/lib/content/sanity.types.ts
    before=$(mktemp)
    cp "$generated" "$before"
    ./node_modules/.bin/tsc -p tsconfig.json && ./node_modules/.bin/tsc -p tests/tsconfig.json && sanity schema extract --force && sanity typegen generate
    status=$?
    if [ $status -eq 0 ] && ! cmp -s "$before" "$generated"; then
      echo "[studio] src/lib/content/sanity.types.ts was out of date with the Studio schema or the queries; regenerated it (commit the change):"
      diff -u "$before" "$generated" | head -40
      status=1
    fi
    rm -f "$before"
    (exit $status) ;;
  build)
    sanity build dist --yes ;;
  *)
    echo "usage: scripts/studio.sh install|types|build" >&2
    exit 2 ;;
esac
status=$?
echo "[studio] $1: $(( $(date +%s) - started )) s"
exit $status
