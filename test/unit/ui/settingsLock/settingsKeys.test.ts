import { describe, expect, it } from 'vitest';

import { settingKeyAt, spanOfProblemKey } from '../../../../src/ui/settingsLock/settingsKeys';

const SETTINGS = `{
	// a comment
	"hookwarden.failMode": "open",
	"hookwarden.rules": [
		{ "command": "ls", "verdict": "allow" },
		{ "command": "rm", "verdict": "allow" },
	],
}`;

describe('settings keys in a settings file', () => {
	it('names the setting under the cursor, on its key or inside its value', () => {
		expect(settingKeyAt(SETTINGS, SETTINGS.indexOf('failMode'), false)).toBe('hookwarden.failMode');
		expect(settingKeyAt(SETTINGS, SETTINGS.indexOf('"rm"'), false)).toBe('hookwarden.rules');
		expect(settingKeyAt(SETTINGS, 1, false)).toBeUndefined();
	});

	it('finds what a settings problem names: a whole property, or one entry of a list', () => {
		const failMode = spanOfProblemKey(SETTINGS, 'failMode', false);
		expect(
			SETTINGS.slice(failMode?.offset, (failMode?.offset ?? 0) + (failMode?.length ?? 0)),
		).toBe('"hookwarden.failMode": "open"');
		const rule = spanOfProblemKey(SETTINGS, 'rules[1]', false);
		expect(SETTINGS.slice(rule?.offset, (rule?.offset ?? 0) + (rule?.length ?? 0))).toBe(
			'{ "command": "rm", "verdict": "allow" }',
		);
		expect(spanOfProblemKey(SETTINGS, 'packs', false)).toBeUndefined();
	});

	it('reads a .code-workspace file under its settings object', () => {
		const text = JSON.stringify({ folders: [], settings: { 'hookwarden.failMode': 'open' } });
		expect(settingKeyAt(text, text.indexOf('failMode'), true)).toBe('hookwarden.failMode');
		expect(spanOfProblemKey(text, 'failMode', true)).toBeDefined();
		expect(settingKeyAt(text, text.indexOf('folders'), true)).toBeUndefined();
	});
});
