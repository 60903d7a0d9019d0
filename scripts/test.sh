#!/usr/bin/env bash
# Every test: installs what is missing (Node 24, packages, Chromium, Java, the Studio's and netlify-cli's
# packages), builds, then unit, dist and browser tests (scripts/test-all.sh, whose time starts after the installs).
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
started=$(date +%s)
ensure_tool_packages || echo "[setup] the Studio's or netlify-cli's install failed: the suite tries it again and counts it"
echo "[setup] the Studio's and netlify-cli's packages: $(( $(date +%s) - started )) s"
print_env_hint
exec bash scripts/test-all.sh
