#!/usr/bin/env bash
# Runs every check and test runner and sums them into one line "N passed, N failed"
# (scripts/test-summary.ts: what N counts is in scripts/lib/test-verdict.ts); exits 1 on any failure.
# Expects the project's Node (CONTRIBUTING.md#node-and-installs) and node_modules (scripts/test.sh sees to both).
#
# The site is built once, here; the budgets, dist and browser tiers all read that build. Only the
# bench (two synthetic schools), the hostile-content and preview builds (their content is the
# input) and the analytics test (a write key is a build-time setting) build again, each small.
#
# The Studio's and netlify-cli's own installs (npm ci, disk-bound; scripts/test.sh has run them
# already, so here they are up to date) come first. Then four lanes run side by side, each printing
# its log when it is done:
#   vitest   started first, beside the build: the unit and studio projects at once (they read no
#            build), and the service, netlify and dist projects as soon as the build is done (their
#            service tests wait on servers, builds and clocks, and other work fills those waits);
#            one report, merged from both runs
#   browser  Playwright against the local stack (most of its time is the browser waiting on pages)
#   checks   the bench, size budgets, the installs' warnings, types, the format check, then (once
#            lint is done) the Studio's types
#   lint     ESLint, then the Studio's build
# The browser, checks and lint lanes start after the build. The suite ends with each lane's and each
# step's time, then the summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1
mkdir -p reports
rm -f reports/vitest-results.json reports/e2e-results.json reports/checks*.txt reports/lane-*.log reports/times-*.txt reports/cpu-*.txt reports/install-*.rc reports/build.done
rm -rf reports/vitest-blobs

# Two kinds of work share 2 cores. The service, netlify and dist tests and the browser lane wait on
# servers, builds, clocks and Chromium, and each wait they are kept from is time on the clock; the
# checks lane and the unit and studio tests only compute, and need their CPU by the end, not at
# once. So the computing kind runs at a lower priority (nice 10): it takes the cores whenever the
# waiting kind waits, and never keeps a waiting test from its turn.
THROUGHPUT_NICE=10

started=$(date +%s)
# step NAME COMMAND...: runs one check, records pass/fail for the summary, prints and records how long it took.
# Beside each wall time, the CPU seconds the command's processes used (user + system): on 2 cores the
# lanes' CPU, not their waits, sets the wall time.
step() {
  local name=$1; shift
  local from=$(date +%s)
  echo "== $name"
  if measured "$name" "$@"; then echo "$name:pass" >> "reports/checks-$lane.txt"; else echo "$name:fail" >> "reports/checks-$lane.txt"; fi
  local took=$(( $(date +%s) - from )) cpu
  cpu=$(cat "reports/cpu-$name.txt")
  echo "== $name: $took s (CPU $cpu s)"
  echo "$name $took $cpu" >> "reports/times-$lane.txt"
}
# timed NAME COMMAND...: a part of a step, its time recorded beside the steps' (not counted as a check).
timed() {
  local name=$1; shift
  local from=$(date +%s) status=0
  measured "$name" "$@" || status=$?
  echo "$name $(( $(date +%s) - from )) $(cat "reports/cpu-$name.txt")" >> "reports/times-$lane.txt"
  return $status
}
# measured NAME COMMAND...: runs the command in a subshell of its own, which writes to reports/cpu-NAME.txt
# the CPU seconds of the children it waited for (/proc's cutime and cstime): the command's, and no
# other lane's, whichever shell reaps those.
measured() {
  local name=$1; shift
  (
    "$@"
    status=$?
    awk -v tick="$(getconf CLK_TCK)" '{ printf "%d\n", ($16 + $17) / tick }' "/proc/$BASHPID/stat" > "reports/cpu-$name.txt"
    exit $status
  )
}
# run_lane NAME FUNCTION: runs a lane's steps into reports/lane-NAME.log, then records the lane's own time.
run_lane() {
  local from=$(date +%s)
  "$2" > "reports/lane-$1.log" 2>&1
  echo "$(( $(date +%s) - from ))" > "reports/times-lane-$1.txt"
}

lane=setup
# The two installs run side by side; each writes its exit code to reports/install-NAME.rc, which its
# step waits for (a step runs in a subshell of its own, which cannot `wait` for this shell's jobs).
run_install() { bash "scripts/$1.sh" install > "reports/lane-$1-install.log" 2>&1; echo $? > "reports/install-$1.rc"; }
install_status() {
  until [ -f "reports/install-$1.rc" ]; do sleep 1; done
  return "$(cat "reports/install-$1.rc")"
}
run_install studio &
# Netlify's own build and dev server, for the Netlify tier (vitest project "netlify").
run_install netlify-cli &
step studio-install install_status studio
cat reports/lane-studio-install.log
step netlify-cli-install install_status netlify-cli
cat reports/lane-netlify-cli-install.log

browser_lane() {
  lane=browser
  step e2e env CI="${CI:-true}" npx playwright test
}

# vitest_runs: the projects that read no build (unit, studio) at once, and the others (service,
# netlify, dist) as soon as reports/build.done says the build is done, beside the first run if it
# is still going (the service tests mostly wait, so they start as early as they can); then one JSON
# report merged from both runs' blobs. Tests are counted from that report, and every exit code
# counts too (an unhandled error fails a run while every test passes).
vitest_runs() {
  local status=0 first
  timed vitest-unit-studio nice -n "$THROUGHPUT_NICE" npx vitest run --project unit --project studio \
    --reporter=default --reporter=blob --outputFile.blob=reports/vitest-blobs/unit-studio.json \
    > reports/lane-vitest-unit-studio.log 2>&1 &
  first=$!
  until [ -f reports/build.done ]; do sleep 1; done
  timed vitest-service-netlify-dist npx vitest run --project service --project netlify --project dist \
    --reporter=default --reporter=blob --outputFile.blob=reports/vitest-blobs/service-netlify-dist.json || status=1
  wait "$first" || status=1
  cat reports/lane-vitest-unit-studio.log
  npx vitest --merge-reports=reports/vitest-blobs --reporter=json --outputFile=reports/vitest-results.json > /dev/null || status=1
  return $status
}

vitest_lane() {
  lane=vitest
  step vitest vitest_runs
}

checks_lane() {
  lane=checks
  # 2 synthetic schools against the local API; figures are reported, not asserted as times. First
  # and at the waiting lanes' priority: its build holds the build lock, which the service tests'
  # builds wait for, and the lock is free this early.
  step bench npm run bench:build -- --schools 2 --runs 1
  step budgets node scripts/check-budgets.ts dist --json reports/budgets.json
  # No install of this run (scripts/test.sh's, in SETUP_LOG, and the Studio's) warns about install scripts.
  step install-scripts bash scripts/lib/quiet-installs.sh "${SETUP_LOG:-}" reports/lane-studio-install.log reports/lane-netlify-cli-install.log
  # The checks that only compute run below the waiting lanes (THROUGHPUT_NICE).
  step typecheck nice -n "$THROUGHPUT_NICE" npx astro check
  # Prettier's layout (CONTRIBUTING.md#style-format-and-lint).
  step format nice -n "$THROUGHPUT_NICE" npm run format:check
  # The Studio's types regenerate src/lib/content/sanity.types.ts in place, which the type check and
  # lint read: they run once both are done.
  until [ -f reports/times-lane-lint.txt ]; do sleep 1; done
  step studio-types nice -n "$THROUGHPUT_NICE" bash scripts/studio.sh types
}

# ESLint's rules (CONTRIBUTING.md#style-format-and-lint; it reads the Studio's types from its
# install) beside the checks lane: each is one process on one core.
lint_lane() {
  lane=lint
  step lint nice -n "$THROUGHPUT_NICE" npm run lint
  step studio-build nice -n "$THROUGHPUT_NICE" bash scripts/studio.sh build
}

run_lane vitest vitest_lane &
vitest=$!
step build npm run build
touch reports/build.done
run_lane browser browser_lane &
browser=$!
run_lane lint lint_lane &
lint=$!
run_lane checks checks_lane &
checks=$!
wait "$lint"
cat reports/lane-lint.log
wait "$checks"
cat reports/lane-checks.log
wait "$vitest"
cat reports/lane-vitest.log
wait "$browser"
cat reports/lane-browser.log

cat reports/checks-*.txt > reports/checks.txt
# Each lane's time and its steps' (vitest's from before the build, the other lanes' from after it).
echo "== times (s; CPU s in brackets)"
for name in setup browser vitest checks lint; do
  [ -f "reports/times-$name.txt" ] || continue
  steps=$(awk '{ printf "%s%s %s [%s]", (NR > 1 ? ", " : ""), $1, $2, $3 }' "reports/times-$name.txt")
  if [ -f "reports/times-lane-$name.txt" ]; then
    echo "$name lane: $(cat "reports/times-lane-$name.txt") ($steps)"
  else
    echo "$name: $steps"
  fi
done
echo "== suite wall time: $(( $(date +%s) - started )) s (CPU $(awk -v tick="$(getconf CLK_TCK)" '{ printf "%d", ($16 + $17) / tick }' /proc/$$/stat) s)"
# The vitest and e2e steps' lines are those runners' exit codes; their tests are counted from their reports.
node scripts/test-summary.ts reports/checks.txt reports/vitest-results.json reports/e2e-results.json
