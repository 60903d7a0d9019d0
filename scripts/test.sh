#!/usr/bin/env bash
# Every test: installs what is missing (Node 24, packages, Chromium, Java), builds, then unit, dist and browser tests.
# Ends with one line: "N passed, N failed".
source "$(dirname "$0")/lib/toolchain.sh"
# The installs' output, checked by test-all.sh's install-scripts step (no unreviewed install scripts).
mkdir -p reports
export SETUP_LOG="$ROOT/reports/setup.log"
: > "$SETUP_LOG"
ensure_node || exit 1
ensure_packages || exit 1
ensure_chromium || exit 1
ensure_java || exit 1
print_env_hint
exec bash scripts/test-all.sh
