#!/usr/bin/env bash
# Runs every test runner and sums them into one line "N passed, N failed".
# Expects Node 24 and node_modules (scripts/test.sh sees to both).
#
# The site is built once, here; the budgets, dist and browser tiers all read that build. Only the
# bench (two synthetic schools), the hostile-content and preview builds (their content is the
# input) and the analytics test (a write key is a build-time setting) build again, each small.
#
# After the build, two lanes run side by side, each printing its log when it is done:
#   browser  Playwright against the local stack (most of its time is the browser waiting on pages)
#   checks   types, size budgets, the bench, the Studio's types and build, then vitest
# The Studio's own install (npm ci from the cache, disk-bound) starts first, beside the build.
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
  step studio-types bash scripts/studio.sh types
  step studio-build bash scripts/studio.sh build
  # unit, service, studio and dist projects; failures are counted from the JSON report.
  echo "== vitest"
  local from=$(date +%s)
  npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest-results.json
  echo "== vitest: $(( $(date +%s) - from )) s"
}

browser_lane > reports/lane-browser.log 2>&1 &
browser=$!
checks_lane > reports/lane-checks.log 2>&1
cat reports/lane-checks.log
wait "$browser"
cat reports/lane-browser.log

cat reports/checks-*.txt > reports/checks.txt
# The e2e step's own result is in its JSON report; the summary counts its tests, not the step.
grep -v '^e2e:' reports/checks.txt > reports/checks-counted.txt
echo "== suite wall time: $(( $(date +%s) - started )) s"
node scripts/test-summary.ts reports/checks-counted.txt reports/vitest-results.json reports/e2e-results.json
