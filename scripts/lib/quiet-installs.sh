#!/usr/bin/env bash
# scripts/lib/quiet-installs.sh LOG...: fails (exit 1) when an install log warns about install
# scripts that allowScripts leaves unreviewed (npm is moving to skip them), naming each line.
# Logs that do not exist are skipped. test-all.sh's install-scripts step runs it over the run's
# installs: scripts/test.sh's setup log (node@24 into .tools/, npm ci) and the Studio's.
found=0
for log in "$@"; do
  if [ -f "$log" ] && grep -H 'install-scripts' "$log"; then found=1; fi
done
if [ $found -ne 0 ]; then
  echo "install scripts not covered by allowScripts: review them (npm install-scripts ls), then approve or deny each:" \
    "package.json for the site, studio/package.json for the Studio, .tools/package.json (written by scripts/lib/toolchain.sh) for node@24"
fi
exit $found
