#!/usr/bin/env bash
# Runs every test runner in turn and sums them into one line "N passed, N failed".
# Expects Node 24 and node_modules (scripts/test.sh sees to both).
# The site is built once, here; the budgets, dist and browser tiers all read that build. Only the
# bench (two synthetic schools), the hostile-content test and the analytics test build again, each
# one school with a configuration of its own.
set -uo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1
mkdir -p reports
rm -f reports/vitest-results.json reports/e2e-results.json reports/checks.json

checks=()
record() { checks+=("$1:$2"); }

started=$(date +%s)
echo "== build"
if npm run build; then record build pass; else record build fail; fi

echo "== types (astro check)"
if npx astro check; then record typecheck pass; else record typecheck fail; fi

echo "== size budgets on the built files"
if node scripts/check-budgets.ts dist --json reports/budgets.json; then record budgets pass; else record budgets fail; fi

echo "== build benchmark (2 synthetic schools against the local API; figures are reported, not asserted as times)"
if npm run bench:build -- --schools 2; then record bench pass; else record bench fail; fi

echo "== studio: its own install, query types up to date, build (scripts/studio.sh; studio tests run with vitest)"
for step in install types build; do
  if bash scripts/studio.sh "$step"; then record "studio-$step" pass; else record "studio-$step" fail; fi
done

echo "== unit and dist tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest-results.json

echo "== browser tests (playwright)"
CI=${CI:-true} npx playwright test

printf '%s\n' "${checks[@]}" > reports/checks.txt
echo "== suite wall time: $(( $(date +%s) - started )) s"
node scripts/test-summary.ts reports/checks.txt reports/vitest-results.json reports/e2e-results.json
