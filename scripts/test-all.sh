#!/usr/bin/env bash
# Runs every check and test runner and sums them into one line "N passed, N failed"
# (scripts/test-summary.ts: what N counts is in scripts/lib/test-verdict.ts); exits 1 on any failure.
# Expects the project's Node (CONTRIBUTING.md#node-and-installs) and node_modules (scripts/test.sh sees to both).
#
# The site is built once, here; the budgets, dist and browser tiers all read that build. Only the
# bench (two synthetic schools), the hostile-content and preview builds (their content is the
# input) and the analytics test (a write key is a build-time setting) build again, each small.
#
# After the build, two lanes run side by side, each printing its log when it is done:
#   browser  Playwright against the local stack (most of its time is the browser waiting on pages)
#   checks   types, size budgets, the bench, the installs' warnings, the format and lint checks, the
#            Studio's types and build, then vitest
#            (its Netlify tier runs Netlify's own build and dev server on clean copies of the project)
# The Studio's and netlify-cli's own installs (npm ci, disk-bound) start first, beside the build.
set -uo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1
mkdir -p reports
rm -f reports/vitest-results.json reports/e2e-results.json reports/checks*.txt reports/lane-*.log

started=$(date +%s)
# step NAME COMMAND...: runs one check, records pass/fail for the summary, prints how long it took.
step() {
  local name=$1; shift
  local from=$(date +%s)
  echo "== $name"
  if "$@"; then echo "$name:pass" >> "reports/checks-$lane.txt"; else echo "$name:fail" >> "reports/checks-$lane.txt"; fi
  echo "== $name: $(( $(date +%s) - from )) s"
}

lane=setup
bash scripts/studio.sh install > reports/lane-studio-install.log 2>&1 &
studio_install=$!
# Netlify's own build and dev server, for the Netlify tier (vitest project "netlify").
bash scripts/netlify-cli.sh install > reports/lane-netlify-cli-install.log 2>&1 &
netlify_cli_install=$!

step build npm run build

browser_lane() {
  lane=browser
  step e2e env CI="${CI:-true}" npx playwright test
}

checks_lane() {
  lane=checks
  step typecheck npx astro check
  step budgets node scripts/check-budgets.ts dist --json reports/budgets.json
  # 2 synthetic schools against the local API; figures are reported, not asserted as times.
  step bench npm run bench:build -- --schools 2
  step studio-install wait "$studio_install"
  cat reports/lane-studio-install.log
  step netlify-cli-install wait "$netlify_cli_install"
  cat reports/lane-netlify-cli-install.log
  # No install of this run (scripts/test.sh's, in SETUP_LOG, and the Studio's) warns about install scripts.
  step install-scripts bash scripts/lib/quiet-installs.sh "${SETUP_LOG:-}" reports/lane-studio-install.log reports/lane-netlify-cli-install.log
  # Prettier's layout and ESLint's rules (CONTRIBUTING.md#style-format-and-lint); lint reads the Studio's types from its install.
  step format npm run format:check
  step lint npm run lint
  step studio-types bash scripts/studio.sh types
  step studio-build bash scripts/studio.sh build
  # unit, service, studio, netlify and dist projects; tests are counted from the JSON report, and its exit
  # code counts too (an unhandled error fails the run while every test passes).
  step vitest npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest-results.json
}

browser_lane > reports/lane-browser.log 2>&1 &
browser=$!
checks_lane > reports/lane-checks.log 2>&1
cat reports/lane-checks.log
wait "$browser"
cat reports/lane-browser.log

cat reports/checks-*.txt > reports/checks.txt
echo "== suite wall time: $(( $(date +%s) - started )) s"
# The vitest and e2e steps' lines are those runners' exit codes; their tests are counted from their reports.
node scripts/test-summary.ts reports/checks.txt reports/vitest-results.json reports/e2e-results.json
