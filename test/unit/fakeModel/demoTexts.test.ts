/**
 * Every text that tells a newcomer what a demo prompt does names what the scripted model actually asks for: the
 * README's table, the demo folder's README and settings comment, and the line `npm start` prints (`shows`). A
 * scenario whose command changes without its texts (or the other way round) fails here; that it is decided as they
 * say is the npm start spec's part.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { DEMO_SCENARIOS } from '../../e2e/fakeModel/script';

const ROOT = resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The lines of `text` that describe `prompt`: a table row that starts with it, or a comment line quoting it. */
function linesFor(text: string, prompt: string): string[] {
	return text
		.split('\n')
		.filter((line) => line.startsWith(`| \`${prompt}\``) || line.includes(`//   "${prompt}"`));
}

const TEXTS = [
	'README.md',
	'test/fixtures/workspace/README.md',
	'test/fixtures/workspace/.vscode/settings.json',
];

describe('what the demo texts say each prompt does', () => {
	it.each(TEXTS)('%s describes every demo prompt once, naming what is decided', (file) => {
		const text = read(file);
		for (const scenario of DEMO_SCENARIOS) {
			const lines = linesFor(text, scenario.prompt);
			expect(lines, `${file}: ${scenario.prompt}`).toHaveLength(1);
			expect(lines[0], `${file}: ${scenario.prompt}`).toContain(scenario.names);
		}
	});

	it('npm start prints the same for each prompt', () => {
		for (const scenario of DEMO_SCENARIOS) {
			expect(scenario.shows, scenario.prompt).toContain(scenario.names);
		}
	});

	it('names what the scripted model really calls', () => {
		for (const scenario of DEMO_SCENARIOS) {
			const calls = [...scenario.steps, ...(scenario.stopGate?.steps ?? [])].flatMap((step) =>
				step.kind === 'tool' ? [JSON.stringify(step.input)] : [],
			);
			const named = scenario.names.replace(/`/g, '');
			// A subagent limit is a setting, not a call; every other scenario names (the start of) its call.
			if (!scenario.subagent) {
				expect(calls.join(' '), scenario.prompt).toContain(named);
			}
		}
	});
});
