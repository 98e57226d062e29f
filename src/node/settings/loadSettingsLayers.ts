import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse, printParseErrorCode } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';

import type { SettingsLayer } from '../../core/policy/settingsLayer';
import { hookwardenValues } from '../../core/policy/readPolicySettings';

/** A settings file that exists but could not be read as JSONC, described for one stderr line. */
export interface SettingsFileProblem {
	readonly file: string;
	readonly message: string;
}

/**
 * Reads the settings the headless bridge honours, weakest first: the user's VS Code settings (the file named by
 * `HOOKWARDEN_USER_SETTINGS`, which the installer sets, else VS Code's default location) and the workspace's
 * `.vscode/settings.json`. A missing file is simply absent; a broken one is reported and skipped.
 */
export function loadSettingsLayers(
	workspaceFolder: string,
	env: NodeJS.ProcessEnv,
	home: string,
): { layers: SettingsLayer[]; problems: SettingsFileProblem[] } {
	const layers: SettingsLayer[] = [];
	const problems: SettingsFileProblem[] = [];
	const userFile = env.HOOKWARDEN_USER_SETTINGS ?? defaultUserSettingsFile(env, home);
	const workspaceFile = join(workspaceFolder, '.vscode', 'settings.json');
	for (const [file, source] of [
		[userFile, { kind: 'userSettings', file: userFile }],
		[workspaceFile, { kind: 'workspaceSettings', file: workspaceFile }],
	] as const) {
		if (!file) {
			continue;
		}
		const result = readJsoncFile(file);
		if (result.kind === 'problem') {
			problems.push({ file, message: result.message });
		} else if (result.kind === 'read') {
			layers.push({ source, values: hookwardenValues(result.value) });
		}
	}
	return { layers, problems };
}

type JsoncRead =
	| { readonly kind: 'read'; readonly value: unknown }
	| { readonly kind: 'missing' }
	| { readonly kind: 'problem'; readonly message: string };

function readJsoncFile(file: string): JsoncRead {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return code === 'ENOENT' || code === 'ENOTDIR'
			? { kind: 'missing' }
			: { kind: 'problem', message: `cannot read: ${code ?? String(error)}` };
	}
	const errors: ParseError[] = [];
	const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
	const first = errors[0];
	if (first) {
		const line = text.slice(0, first.offset).split('\n').length;
		return {
			kind: 'problem',
			message: `not valid JSON with comments (${printParseErrorCode(first.error)} on line ${line}); its Hookwarden settings are ignored`,
		};
	}
	return { kind: 'read', value };
}

/** VS Code's user settings file in its default location, for bridges whose hook file does not name one. */
export function defaultUserSettingsFile(env: NodeJS.ProcessEnv, home: string): string | undefined {
	switch (process.platform) {
		case 'win32':
			return env.APPDATA ? join(env.APPDATA, 'Code', 'User', 'settings.json') : undefined;
		case 'darwin':
			return join(home, 'Library', 'Application Support', 'Code', 'User', 'settings.json');
		default:
			return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Code', 'User', 'settings.json');
	}
}
