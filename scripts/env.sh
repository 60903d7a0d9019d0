# Sourced, from any folder of the repository: `source scripts/env.sh`. Puts the Node 24 that
# ./scripts/run.sh or ./scripts/test.sh installed into .tools/ (when the machine's Node was older)
# first on PATH, so the README's `npm run …` commands run with it in this shell, as written.
# Works in bash and zsh; changes nothing when .tools/ has no Node (the machine's is new enough).
__school_mobile_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
if [ -x "$__school_mobile_root/.tools/node_modules/.bin/node" ]; then
  case ":$PATH:" in
    *":$__school_mobile_root/.tools/node_modules/.bin:"*) ;;
    *) export PATH="$__school_mobile_root/.tools/node_modules/.bin:$PATH" ;;
  esac
fi
export ASTRO_TELEMETRY_DISABLED=1
if node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 18) ? 0 : 1)' 2>/dev/null; then
  echo "[env] node $(node -v) from $(command -v node)"
else
  echo "[env] node $(node -v 2>/dev/null || echo 'not found') is older than 22.18: run ./scripts/run.sh first (it installs Node 24 into .tools/)" >&2
fi
unset __school_mobile_root
