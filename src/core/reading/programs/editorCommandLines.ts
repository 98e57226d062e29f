import type { Effect } from '../../terms/effect';
import type { ProgramModel } from './programModel';

/** Hookwarden's extension id, as the editor's command line and its storage folders name it. */
export const HOOKWARDEN_EXTENSION_ID = 'hookwarden.hookwarden';

/** The command lines of VS Code-family builds, which install, disable and uninstall extensions. */
export const EDITOR_PROGRAMS: readonly string[] = [
	'code',
	'code-insiders',
	'code-oss',
	'codium',
	'codium-insiders',
	'code-server',
	'cursor',
	'windsurf',
];

// Switches that name one extension, and the one that disables them all for the window it opens.
const NAMING: Readonly<Record<string, string>> = {
	'--uninstall-extension': 'uninstalls Hookwarden',
	'--disable-extension': 'disables Hookwarden',
};
const ALL = '--disable-extensions';

/**
 * An editor command line that switches Hookwarden off: `--uninstall-extension hookwarden.hookwarden` or
 * `--disable-extension …` (the id in any case, with or without `@version`), or `--disable-extensions`, which disables
 * every extension. Either way no hook call reaches Hookwarden any more, so the effect is on the hook settings.
 * `--install-extension` of a `.vsix` file installs code nobody published, which runs in the editor without a hook
 * call; a Marketplace id is an everyday install.
 */
export const editorExtensions: ProgramModel = (call) => {
	const effects: Effect[] = [];
	for (const [index, arg] of call.args.entries()) {
		const [flag = '', inline] = arg.split(/=(.*)/s);
		const named = inline ?? call.args[index + 1] ?? '';
		const isHookwarden = named.replace(/@.*$/, '').toLowerCase() === HOOKWARDEN_EXTENSION_ID;
		const action =
			flag === ALL
				? 'disables every extension, Hookwarden among them'
				: NAMING[flag] !== undefined && isHookwarden
					? NAMING[flag]
					: undefined;
		if (action !== undefined) {
			effects.push(
				call.effect({
					kind: 'configExec',
					subject: 'hookSettings',
					action: `${action}, so no hook call reaches it`,
				}),
			);
		} else if (flag === '--install-extension' && /\.vsix$|[\\/]/i.test(named)) {
			effects.push(
				call.effect({
					kind: 'configExec',
					subject: 'runtimeCode',
					action: `installs the editor extension \`${named}\`, whose code runs in the editor without a hook call`,
				}),
			);
		}
	}
	return effects;
};
