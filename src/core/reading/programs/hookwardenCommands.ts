import type { Effect } from '../../terms/effect';
import type { ProgramCall, ProgramModel } from './programModel';

/** The names Hookwarden's own command runs by: the hook launchers every hook file runs, and the bridge. */
export const HOOKWARDEN_COMMANDS: readonly string[] = [
	'hookwarden-hook',
	'hookwarden-hook.ps1',
	'hookwarden-bridge',
];

/** Options of Hookwarden's command that only the person may use: restoring from snapshots, installing policy hooks. */
const PERSON_ONLY = /^--(?:restore|install-policy-hook|uninstall-policy-hook)$/;

/**
 * Whether a script an interpreter runs may be Hookwarden's bridge (`node …/dist/bridge.js`, wherever the extension or a
 * checkout of it lives): with a person-only option, a project's own `dist/bridge.js` is asked about the same way.
 */
export function isHookwardenBridge(script: string): boolean {
	return /(?:^|[/\\])dist[/\\]bridge(?:-main)?\.js$/i.test(script);
}

/**
 * Hookwarden's own command run with an option only the person may use: restoring files from the snapshot store (which
 * holds copies of credentials, and whose restore is the person's act) or installing machine policy hooks. An agent's
 * call doing it changes Hookwarden's own state.
 */
export function personOnlyOptions(call: ProgramCall, words: readonly string[]): Effect[] {
	const option = words.find((word) => PERSON_ONLY.test(word));
	return option === undefined
		? []
		: [
				call.effect({
					kind: 'configExec',
					subject: 'hookSettings',
					action: `runs Hookwarden's own command with \`${option}\`, which only the person may do`,
				}),
			];
}

/** The model of Hookwarden's launchers and bridge as programs. */
export const hookwardenCommand: ProgramModel = (call) => personOnlyOptions(call, call.args);
