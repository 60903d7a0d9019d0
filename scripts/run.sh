#!/usr/bin/env bash
# The whole product on one machine: installs what is missing, builds every school's site
# from the local stack's working copy of the bundled content (data/dataset) and serves it with
# the local API at http://localhost:4321 (npm start; extra arguments go to it, e.g. --reset-content).
source "$(dirname "$0")/lib/toolchain.sh"
ensure_node || exit 1
ensure_packages || exit 1
print_env_hint
exec npm start -- "$@"
