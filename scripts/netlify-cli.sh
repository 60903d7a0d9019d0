#!/usr/bin/env bash
# Netlify's own build and dev server for the Netlify tier of the tests (tests/netlify/):
#   scripts/netlify-cli.sh install   scripts/netlify-cli/node_modules from its lockfile
# netlify-cli (and Deno, which `netlify dev` needs on PATH) install without their install scripts:
# those download binaries from outside the npm registry, and neither tool needs them offline.
set -uo pipefail
cd "$(dirname "$0")/netlify-cli"
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
started=$(date +%s)

case "${1:-}" in
  install)
    if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
      npm ci --ignore-scripts || {
        echo "[netlify-cli] npm ci refused scripts/netlify-cli/package-lock.json (out of step with its package.json?): run npm install --ignore-scripts in scripts/netlify-cli/ and commit the lockfile" >&2
        exit 1
      }
    fi ;;
  *)
    echo "usage: scripts/netlify-cli.sh install" >&2
    exit 2 ;;
esac
status=$?
echo "[netlify-cli] $1: $(( $(date +%s) - started )) s"
exit $status
