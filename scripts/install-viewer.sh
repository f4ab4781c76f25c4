#!/bin/bash
# Install what tests/check-viewer.sh needs, where missing: Debian's
# chromium, and speedscope with playwright-core (to drive chromium) from
# npm, into a cache outside the clone so that fresh clones reuse it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

VIEWER_NPM=${VIEWER_NPM:-/var/cache/perf-ftrace-harness/npm}
NPM_PACKAGES=(speedscope@1.25.0 playwright-core@1.65.1)

if ! command -v chromium >/dev/null || ! command -v npm >/dev/null; then
	pkgs=(chromium)
	command -v npm >/dev/null || pkgs+=(nodejs npm)
	[ "$(id -u)" -eq 0 ] || die "need root to install: ${pkgs[*]}"
	step "installing ${pkgs[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends "${pkgs[@]}" >/dev/null
fi

# An npm package is present when its package.json has the pinned version.
npm_missing=()
for spec in "${NPM_PACKAGES[@]}"; do
	name=${spec%@*} version=${spec##*@}
	json=$VIEWER_NPM/node_modules/$name/package.json
	grep -q "\"version\": \"$version\"" "$json" 2>/dev/null ||
		npm_missing+=("$spec")
done
[ ${#npm_missing[@]} -eq 0 ] && exit 0

step "installing ${npm_missing[*]} in $VIEWER_NPM"
mkdir -p "$VIEWER_NPM"
# playwright-core brings no browser of its own; it drives /usr/bin/chromium.
npm install --prefix "$VIEWER_NPM" --save-exact --no-audit --no-fund \
	--loglevel=error "${npm_missing[@]}" >/dev/null
