/*
 * The per-user hook launchers: `~/.hookwarden/bin/hookwarden-hook` (POSIX sh) and `hookwarden-hook.ps1` (PowerShell).
 * Hook files point at these stable paths, never at the versioned extension folder; the extension rewrites both scripts
 * on activation with what they run pinned: the absolute paths of a checked node runtime and of the bridge's read-only
 * copy, the user settings and runtime folder the bridge must use, and for the fast path the tools and TLS pin.
 *
 * The launchers take nothing from their environment that decides what runs or what is enforced: an agent can set
 * variables for every later session (`~/.bashrc`, `setx`, `launchctl setenv`) or put a `node` first on PATH, so
 * HOOKWARDEN_NODE, HOOKWARDEN_USER_SETTINGS, HOOKWARDEN_AUDIT_FILE, NODE_OPTIONS and the like are cleared or replaced
 * here, and nothing is looked up on PATH. Only a launcher written in test mode (`testMode`, which the extension never
 * writes: the test tiers write their own) lets HOOKWARDEN_USER_SETTINGS and HOOKWARDEN_AUDIT_FILE through.
 *
 * The POSIX launcher runs once per hook event, so it forks as little as possible: with a live window of its protocol
 * (a socket at `$HOOKWARDEN_ENDPOINT` named for it) it costs one `curl`, which speaks TLS to the window with the
 * pinned identity (see tlsIdentity.ts) and streams stdin to it. A connection that fails before the handshake is
 * proven leaves stdin unread for the node bridge, which also runs when there is no window; once the window has the
 * input it answers every call itself, unreadable input included.
 */
import { RUNNER_ENV } from '../../core/events/harness';
import { RUNNER_HEADER, SOCKET_SUFFIX, STDIN_HOOK_PATH } from '../../protocol/wire';

/** A runtime the launchers run the bridge with, pinned by absolute path. */
export interface PinnedRuntime {
	readonly path: string;
	/** VS Code's own executable, which runs the bridge as Node only with `ELECTRON_RUN_AS_NODE=1`. */
	readonly electron: boolean;
}

/** What the `sh` fast path to a running window needs, each pinned when the launcher is written. */
export interface PinnedFastPath {
	readonly curl: string;
	/** The TLS identity file (key and certificate) the launcher presents as its client certificate. */
	readonly identityFile: string;
	/** `sha256//<base64>` of the identity's public key: the only key a window may answer with. */
	readonly pin: string;
}

/** What the launchers bake in: absolute paths on the machine that runs the hooks (the extension host's OS). */
export interface LauncherInputs {
	/** Absolute path of the bridge (`bridge.js` in its read-only copy outside the extension folder). */
	readonly bridgePath: string;
	readonly runtime: PinnedRuntime;
	/** The extension version that wrote the script, shown in its banner and used to tell a stale launcher. */
	readonly version: string;
	/** The user settings the headless bridge reads (VS Code's user `settings.json` of the window that wrote it). */
	readonly userSettingsPath?: string;
	/** The runtime folder (secret, leases, sockets) of the window that wrote it. */
	readonly runtimeFolder?: string;
	/** The fast path; without it the launcher always runs the node bridge. */
	readonly fastPath?: PinnedFastPath;
	/** Lets HOOKWARDEN_USER_SETTINGS and HOOKWARDEN_AUDIT_FILE through from the environment: for the test tiers only. */
	readonly testMode?: boolean;
}

/** The launcher file names inside {@link launcherFolder}. */
export const LAUNCHER_NAMES = {
	posix: 'hookwarden-hook',
	powershell: 'hookwarden-hook.ps1',
} as const;

/**
 * Variables the launchers clear before anything runs: each would choose what the bridge or curl runs, or what is
 * enforced (`HOOKWARDEN_AUDIT_FILE=off`, a `NODE_OPTIONS=--require`, an `OPENSSL_CONF` that loads a module into curl).
 */
const CLEARED = [
	'HOOKWARDEN_NODE',
	'HOOKWARDEN_AUDIT_FILE',
	'HOOKWARDEN_USER_SETTINGS',
	'HOOKWARDEN_RUNTIME_FOLDER',
	'HOOKWARDEN_SECRET_FILE',
	'NODE_OPTIONS',
	'NODE_PATH',
	'NODE_REPL_EXTERNAL_MODULE',
	'ELECTRON_RUN_AS_NODE',
	'OPENSSL_CONF',
	'OPENSSL_ENGINES',
	'OPENSSL_MODULES',
	'SSLKEYLOGFILE',
	'CURL_HOME',
];
/** What test mode lets through of {@link CLEARED}. */
const TEST_MODE_KEEPS = ['HOOKWARDEN_USER_SETTINGS', 'HOOKWARDEN_AUDIT_FILE'];

/** The folder of the launchers, `<home>/.hookwarden/bin`, with the separator of the platform. */
export function launcherFolder(home: string, platform: string): string {
	const separator = platform === 'win32' ? '\\' : '/';
	return [home.replace(/[\\/]+$/, ''), '.hookwarden', 'bin'].join(separator);
}

/** Quotes a string as one POSIX shell word: single quotes, with each `'` written `'\''`. */
export function shellQuote(value: string): string {
	return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Quotes a string as one PowerShell single-quoted literal, with each `'` doubled. */
export function powershellQuote(value: string): string {
	return `'${value.replace(/['\u2018\u2019\u201A\u201B]/g, "''")}'`;
}

function cleared(inputs: LauncherInputs): string[] {
	return inputs.testMode ? CLEARED.filter((name) => !TEST_MODE_KEEPS.includes(name)) : CLEARED;
}

/** The sh lines that set the pinned variables the bridge reads (in test mode, only where the environment sets none). */
function posixPinnedVariables(inputs: LauncherInputs): string {
	const lines: string[] = [];
	const pin = (name: string, value: string | undefined, overridable: boolean) => {
		if (value !== undefined) {
			lines.push(
				overridable
					? `[ -n "\${${name}:-}" ] || ${name}=${shellQuote(value)}`
					: `${name}=${shellQuote(value)}`,
				`export ${name}`,
			);
		}
	};
	pin('HOOKWARDEN_USER_SETTINGS', inputs.userSettingsPath, inputs.testMode === true);
	pin('HOOKWARDEN_RUNTIME_FOLDER', inputs.runtimeFolder, false);
	return lines.join('\n');
}

function posixFastPath(fast: PinnedFastPath): string {
	return `identity=${shellQuote(fast.identityFile)}
event=\${1:-}
# Asks the window over TLS and exits with its answer; returns when it did not answer, for the bridge to decide.
fast_path() {
	# Which runtime ran this hook, as the node bridge tells it (core/events/harness.ts): a label, never a verdict.
	runner=
	if [ "\${${RUNNER_ENV.copilotRuntime.name}:-}" = ${RUNNER_ENV.copilotRuntime.value} ]; then
		runner=copilotCli
		[ "\${${RUNNER_ENV.agentHost.name}:-}" = ${RUNNER_ENV.agentHost.value} ] && runner=agentHost
	fi
	# -q first: no ~/.curlrc. TLS with the pinned key both ways, so only a Hookwarden window gets the request or
	# answers. -T - streams stdin and reads none of it before the handshake is proven, so a refused connection
	# leaves it whole for the bridge. An empty OpenSSL configuration, C locale and no GnuTLS start-up (a library
	# curl links but does not use here) spare curl work it does not need on every call.
	answer=$(LC_ALL=C OPENSSL_CONF=/dev/null GNUTLS_NO_IMPLICIT_INIT=1 ${shellQuote(fast.curl)} -q -sfk --noproxy '*' --unix-socket "$HOOKWARDEN_ENDPOINT" --cert "$identity" --pinnedpubkey ${shellQuote(fast.pin)} -X POST -T - -H 'Expect:' -H 'content-type: application/json' -H "traceparent: \${TRACEPARENT:-}" -H "${RUNNER_HEADER}: $runner" "https://hookwarden${STDIN_HOOK_PATH}$event") && {
		printf '%s\\n' "$answer"
		exit 0
	}
	echo "hookwarden: the window at $HOOKWARDEN_ENDPOINT did not answer (curl exit $?); running the bridge" >&2
}
# Only a window named for this launcher's protocol gets the fast path, and only for an event that is a plain name.
case \${HOOKWARDEN_ENDPOINT:-} in
*${SOCKET_SUFFIX})
	case $event in
	'' | *[!A-Za-z]*) ;;
	*) [ -S "$HOOKWARDEN_ENDPOINT" ] && [ -r "$identity" ] && fast_path ;;
	esac
	;;
esac
`;
}

/**
 * The POSIX `sh` launcher text (written with mode 0755). Usage: `hookwarden-hook <Event>`, payload on stdin. It prints
 * exactly what the window or the bridge prints and exits with the bridge's code; without its bridge or runtime it
 * prints `{}` (no opinion) and one line on stderr, because a non-zero exit denies tool calls in the Copilot CLI.
 */
export function posixLauncher(inputs: LauncherInputs): string {
	const electron = inputs.runtime.electron
		? '\n\tELECTRON_RUN_AS_NODE=1\n\texport ELECTRON_RUN_AS_NODE'
		: '';
	return `#!/bin/sh
# Hookwarden hook launcher, written by Hookwarden ${inputs.version}${inputs.testMode ? ' in TEST MODE' : ''}. Rewritten on activation: do not edit.
# Usage: hookwarden-hook <Event>   (hook payload on stdin, one JSON document on stdout)
# What it runs is pinned here; it takes no path or option from its environment but HOOKWARDEN_ENDPOINT, which only
# says which window to ask, and a window must prove itself with the pinned TLS key.
bridge=${shellQuote(inputs.bridgePath)}
node=${shellQuote(inputs.runtime.path)}
unset ${cleared(inputs).join(' ')}
${posixPinnedVariables(inputs)}

no_opinion() {
	echo "hookwarden: $1; answering with no opinion" >&2
	echo '{}'
	exit 0
}

# Replaces this shell with the node bridge, run by the pinned runtime.
run_bridge() {
	[ -f "$bridge" ] || no_opinion "the bridge $bridge is gone (open VS Code once to refresh the launcher)"
	[ -x "$node" ] || no_opinion "the runtime $node is gone (open VS Code once to refresh the launcher)"${electron}
	exec "$node" "$bridge" "$@"
}

${inputs.fastPath ? posixFastPath(inputs.fastPath) : ''}run_bridge "$@"
`;
}

/**
 * The PowerShell launcher text. Usage: `& hookwarden-hook.ps1 <Event>`; it reads stdin as UTF-8, pipes it into the node
 * bridge run by the pinned runtime (VS Code's with `ELECTRON_RUN_AS_NODE=1`) and exits with its code, or prints `{}`
 * when it cannot run the bridge. Like the POSIX launcher it clears the variables that would choose what runs.
 */
export function powershellLauncher(inputs: LauncherInputs): string {
	const keep = (name: string) => inputs.testMode === true && TEST_MODE_KEEPS.includes(name);
	const settings = [
		inputs.userSettingsPath === undefined
			? ''
			: keep('HOOKWARDEN_USER_SETTINGS')
				? `if (-not $env:HOOKWARDEN_USER_SETTINGS) { $env:HOOKWARDEN_USER_SETTINGS = ${powershellQuote(inputs.userSettingsPath)} }\n`
				: `$env:HOOKWARDEN_USER_SETTINGS = ${powershellQuote(inputs.userSettingsPath)}\n`,
		inputs.runtimeFolder === undefined
			? ''
			: `$env:HOOKWARDEN_RUNTIME_FOLDER = ${powershellQuote(inputs.runtimeFolder)}\n`,
	].join('');
	const clear = cleared(inputs)
		.map((name) => `Remove-Item -LiteralPath Env:${name} -ErrorAction SilentlyContinue`)
		.join('\n');
	return `# Hookwarden hook launcher, written by Hookwarden ${inputs.version}${inputs.testMode ? ' in TEST MODE' : ''}. Rewritten on activation: do not edit.
# Usage: & hookwarden-hook.ps1 <Event>   (hook payload on stdin, one JSON document on stdout)
param([string]$Event = '')
$bridge = ${powershellQuote(inputs.bridgePath)}
$node = ${powershellQuote(inputs.runtime.path)}
${clear}
${settings}${inputs.runtime.electron ? "$env:ELECTRON_RUN_AS_NODE = '1'\n" : ''}$utf8 = New-Object System.Text.UTF8Encoding $false
[Console]::InputEncoding = $utf8
[Console]::OutputEncoding = $utf8
$OutputEncoding = $utf8
function Write-NoOpinion([string]$why) {
	[Console]::Error.WriteLine("hookwarden: $why; answering with no opinion")
	[Console]::Out.WriteLine('{}')
	exit 0
}
if (-not (Test-Path -LiteralPath $bridge)) { Write-NoOpinion "the bridge $bridge is gone (open VS Code once to refresh the launcher)" }
if (-not (Test-Path -LiteralPath $node)) { Write-NoOpinion "the runtime $node is gone (open VS Code once to refresh the launcher)" }
$payload = [Console]::In.ReadToEnd()
$payload | & $node $bridge $Event
exit $LASTEXITCODE
`;
}
