import type { SimpleCommand } from '../reading/shell/commandLine';
import { programName } from '../reading/shell/programName';
import type { OwnStateLocations } from './ownState';

/** What an editor command line that switches Hookwarden off was, for a finding. */
export interface EditorSwitchOff {
	/** The switch as written (`--uninstall-extension`). */
	readonly flag: string;
	readonly reason: string;
}

// Switches that name one extension, and the one that disables them all for the window it opens.
const NAMING = new Set(['--uninstall-extension', '--disable-extension']);
const ALL = '--disable-extensions';

/**
 * Whether a command runs an editor's command line (`code`, `cursor`, … as the node layer lists them) to uninstall or
 * disable Hookwarden (`--uninstall-extension hookwarden.hookwarden`, `--disable-extension …`, the id with or without a
 * version) or every extension (`--disable-extensions`); `undefined` otherwise, and always without `editorCommands`.
 */
export function editorSwitchOff(
	command: SimpleCommand,
	own: OwnStateLocations,
): EditorSwitchOff | undefined {
	const editor = own.editorCommands;
	if (!editor?.programs.includes(programName(command.argv[0] ?? ''))) {
		return undefined;
	}
	const args = command.argv.slice(1);
	for (const [index, arg] of args.entries()) {
		const [flag = '', inline] = arg.split(/=(.*)/s);
		if (flag === ALL) {
			return {
				flag,
				reason: reasonFor(command, 'disables every extension, Hookwarden among them'),
			};
		}
		const named = inline ?? args[index + 1] ?? '';
		if (NAMING.has(flag) && named.replace(/@.*$/, '').toLowerCase() === editor?.extensionId) {
			return { flag, reason: reasonFor(command, 'switches Hookwarden off') };
		}
	}
	return undefined;
}

function reasonFor(command: SimpleCommand, what: string): string {
	return `\`${command.text}\` ${what}, and with it every check on this agent. Agents may not change Hookwarden's own state; ask the person to make this change themselves.`;
}
