/*
 * The per-user hook launchers: `~/.hookwarden/bin/hookwarden-hook` (POSIX sh) and `hookwarden-hook.ps1` (PowerShell).
 * Hook files point at these stable paths, never at the versioned extension folder; the extension rewrites both scripts
 * on activation with the current absolute paths of `dist/bridge.js` and of a node runtime.
 *
 * The POSIX launcher runs once per hook event, so it forks as little as possible: with a live window (a socket in
 * `$HOOKWARDEN_ENDPOINT`, a readable `$HOOKWARDEN_SECRET_FILE` and `curl`) it costs one `cat` and one `curl`; any
 * failure of that round trip replays the same stdin into the node bridge, which also runs when there is no window.
 */
import { RUNNER_ENV } from '../../core/events/harness';
import { HOOK_PATH, PROTOCOL_VERSION } from '../../protocol/wire';

/** What the launchers bake in: absolute paths on the machine that runs the hooks (the extension host's OS). */
export interface LauncherInputs {
	/** Absolute path of the extension's `dist/bridge.js`. */
	readonly bridgePath: string;
	/** A runtime that runs the bridge when no `node` is on PATH: VS Code's own executable, run with `ELECTRON_RUN_AS_NODE=1`. */
	readonly nodeFallback: string;
	/** The extension version that wrote the script, shown in its banner and used to tell a stale launcher. */
	readonly version: string;
	/** Default for `HOOKWARDEN_USER_SETTINGS` (VS Code's user `settings.json`), so the headless bridge reads the same rules. */
	readonly userSettingsPath?: string;
}

/** The launcher file names inside {@link launcherFolder}. */
export const LAUNCHER_NAMES = {
	posix: 'hookwarden-hook',
	powershell: 'hookwarden-hook.ps1',
} as const;

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

/**
 * The POSIX `sh` launcher text (written with mode 0755). Usage: `hookwarden-hook <Event>`, payload on stdin. It prints
 * exactly what the host or the bridge prints and exits with the bridge's code; without a usable bridge or runtime it
 * prints `{}` (no opinion) and one line on stderr, because a non-zero exit denies tool calls in the Copilot CLI.
 */
export function posixLauncher(inputs: LauncherInputs): string {
	const settings =
		inputs.userSettingsPath === undefined
			? ''
			: `[ -n "\${HOOKWARDEN_USER_SETTINGS:-}" ] || HOOKWARDEN_USER_SETTINGS=${shellQuote(inputs.userSettingsPath)}\nexport HOOKWARDEN_USER_SETTINGS\n`;
	return `#!/bin/sh
# Hookwarden hook launcher, written by Hookwarden ${inputs.version}. Rewritten on activation: do not edit.
# Usage: hookwarden-hook <Event>   (hook payload on stdin, one JSON document on stdout)
bridge=${shellQuote(inputs.bridgePath)}
vscode_node=${shellQuote(inputs.nodeFallback)}
${settings}
no_opinion() {
	echo "hookwarden: $1; answering with no opinion" >&2
	echo '{}'
	exit 0
}

# Replaces this shell with the node bridge: HOOKWARDEN_NODE, else node from PATH, else VS Code's own runtime.
run_bridge() {
	[ -f "$bridge" ] || no_opinion "the bridge $bridge is gone (open VS Code once to refresh the launcher)"
	if [ -n "\${HOOKWARDEN_NODE:-}" ]; then
		exec "$HOOKWARDEN_NODE" "$bridge" "$@"
	elif command -v node >/dev/null 2>&1; then
		exec node "$bridge" "$@"
	elif [ -x "$vscode_node" ]; then
		ELECTRON_RUN_AS_NODE=1
		export ELECTRON_RUN_AS_NODE
		exec "$vscode_node" "$bridge" "$@"
	fi
	no_opinion "no node runtime found (install Node.js or open VS Code once to refresh the launcher)"
}

event=\${1:-}
if [ -S "\${HOOKWARDEN_ENDPOINT:-}" ] && [ -r "\${HOOKWARDEN_SECRET_FILE:-}" ] && command -v curl >/dev/null 2>&1; then
	case $event in
	'' | *[!A-Za-z]*) ;;
	*)
		payload=$(cat)
		# Which runtime ran this hook, as the node bridge tells it (core/events/harness.ts): a label, never a verdict.
		runner=
		if [ "\${${RUNNER_ENV.copilotRuntime.name}:-}" = ${RUNNER_ENV.copilotRuntime.value} ]; then
			runner=',"runner":"copilotCli"'
			[ "\${${RUNNER_ENV.agentHost.name}:-}" = ${RUNNER_ENV.agentHost.value} ] && runner=',"runner":"agentHost"'
		fi
		if [ -n "$payload" ] && answer=$(curl -sf --unix-socket "$HOOKWARDEN_ENDPOINT" -H @"$HOOKWARDEN_SECRET_FILE" -H 'content-type: application/json' -H "traceparent: \${TRACEPARENT:-}" --data-binary @- "http://hookwarden${HOOK_PATH}$event" <<HOOKWARDEN_REQUEST
{"v":${PROTOCOL_VERSION},"event":"$event","client":"sh"$runner,"payload":$payload}
HOOKWARDEN_REQUEST
); then
			printf '%s\\n' "$answer"
			exit 0
		fi
		run_bridge "$@" <<HOOKWARDEN_PAYLOAD
$payload
HOOKWARDEN_PAYLOAD
		;;
	esac
fi
run_bridge "$@"
`;
}

/**
 * The PowerShell launcher text. Usage: `& hookwarden-hook.ps1 <Event>`; it reads stdin as UTF-8, pipes it into the node
 * bridge (HOOKWARDEN_NODE, else node from PATH, else VS Code's runtime with `ELECTRON_RUN_AS_NODE=1`) and exits with its
 * code, or prints `{}` when it cannot run the bridge.
 */
export function powershellLauncher(inputs: LauncherInputs): string {
	const settings =
		inputs.userSettingsPath === undefined
			? ''
			: `if (-not $env:HOOKWARDEN_USER_SETTINGS) { $env:HOOKWARDEN_USER_SETTINGS = ${powershellQuote(inputs.userSettingsPath)} }\n`;
	return `# Hookwarden hook launcher, written by Hookwarden ${inputs.version}. Rewritten on activation: do not edit.
# Usage: & hookwarden-hook.ps1 <Event>   (hook payload on stdin, one JSON document on stdout)
param([string]$Event = '')
$bridge = ${powershellQuote(inputs.bridgePath)}
$vscodeNode = ${powershellQuote(inputs.nodeFallback)}
${settings}$utf8 = New-Object System.Text.UTF8Encoding $false
[Console]::InputEncoding = $utf8
[Console]::OutputEncoding = $utf8
$OutputEncoding = $utf8
function Write-NoOpinion([string]$why) {
	[Console]::Error.WriteLine("hookwarden: $why; answering with no opinion")
	[Console]::Out.WriteLine('{}')
	exit 0
}
if (-not (Test-Path -LiteralPath $bridge)) { Write-NoOpinion "the bridge $bridge is gone (open VS Code once to refresh the launcher)" }
$node = $env:HOOKWARDEN_NODE
if (-not $node) {
	$found = Get-Command node -CommandType Application -ErrorAction SilentlyContinue | Select-Object -First 1
	if ($found) { $node = $found.Source }
}
if (-not $node) {
	if (-not (Test-Path -LiteralPath $vscodeNode)) { Write-NoOpinion 'no node runtime found (install Node.js or open VS Code once to refresh the launcher)' }
	$env:ELECTRON_RUN_AS_NODE = '1'
	$node = $vscodeNode
}
$payload = [Console]::In.ReadToEnd()
$payload | & $node $bridge $Event
exit $LASTEXITCODE
`;
}
