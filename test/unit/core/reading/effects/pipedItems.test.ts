import { describe, expect, it } from 'vitest';

import { lineEffects } from '../../../../../src/core/reading/effects/lineEffects';
import { analyze } from '../../../../support/shellAnalyzer';

async function effectsOf(line: string): Promise<string[]> {
	return lineEffects((await analyze(line, 'powershell')).commands)
		.filter((effect) => effect.kind !== 'read')
		.map(
			(effect) =>
				`${effect.kind}${effect.tree ? ' tree' : ''} ${effect.path ?? effect.subject ?? ''}`,
		);
}

/** [PowerShell line, what the file cmdlet at the end of its pipe does]. */
const ROWS: readonly (readonly [line: string, effects: readonly string[]])[] = [
	// A listing's folder, its tree when either side recurses.
	['Get-ChildItem ~/old -Recurse | Remove-Item -Force', ['delete tree ~/old']],
	['gci C:\\Temp\\x | ri -Recurse', ['delete tree C:/Temp/x']],
	['Get-Item notes.txt | Clear-Content', ['truncate notes.txt']],
	['ls | Remove-Item', ['delete .']],
	// Items known only when the line runs.
	['Get-Content targets.txt | Remove-Item -Recurse', ['delete tree $input']],
	// A cmdlet that names its own items, a dry run, or a first stage: nothing piped is used.
	['Get-ChildItem | Remove-Item stale.txt', ['delete stale.txt']],
	['Get-ChildItem -Recurse | Remove-Item -WhatIf', []],
	['Remove-Item old.log | Out-Null', ['delete old.log']],
];

describe('pipedItemEffects: a file cmdlet acts on the items piped into it', () => {
	it.each(ROWS)('%s', async (line, expected) => {
		expect(await effectsOf(line)).toEqual(expected);
	});
});
