import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

interface Welcome {
	readonly view: string;
	readonly contents: string;
	readonly when?: string;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
	contributes: { views: Record<string, { id: string }[]>; viewsWelcome: Welcome[] };
};
const views = Object.values(manifest.contributes.views)
	.flat()
	.map((view) => view.id);
const welcomes = manifest.contributes.viewsWelcome;

/** Evaluates a `when` clause made of context keys, `!`, `&&` and `||` (all the welcome clauses use). */
function holds(when: string | undefined, keys: ReadonlyMap<string, boolean>): boolean {
	if (when === undefined) {
		return true;
	}
	return when.split('||').some((conjunction) =>
		conjunction.split('&&').every((term) => {
			const negated = term.trim().startsWith('!');
			const key = term.trim().replace(/^!/, '').trim();
			if (!/^[\w.]+$/.test(key)) {
				throw new Error(`the test cannot read the when clause ${when}`);
			}
			return (keys.get(key) ?? false) !== negated;
		}),
	);
}

function keysOf(clauses: readonly (string | undefined)[]): string[] {
	return [...new Set(clauses.flatMap((when) => when?.match(/[A-Za-z][\w.]*/g) ?? []))];
}

/** Every true/false assignment of the keys. */
function* assignments(keys: readonly string[]): Generator<Map<string, boolean>> {
	for (let bits = 0; bits < 2 ** keys.length; bits++) {
		yield new Map(keys.map((key, index) => [key, (bits & (1 << index)) !== 0]));
	}
}

describe('viewsWelcome: an empty view always says something', () => {
	it.each(views)('%s has hint text in every state of the context keys', (view) => {
		const own = welcomes.filter((welcome) => welcome.view === view);
		expect(own.length, `${view} has no viewsWelcome entry`).toBeGreaterThan(0);
		for (const keys of assignments(keysOf(own.map((welcome) => welcome.when)))) {
			const shown = own.filter((welcome) => holds(welcome.when, keys));
			expect(shown.length, `${view} is blank when ${JSON.stringify([...keys])}`).toBeGreaterThan(0);
		}
	});

	it('welcome text is plain sentences and links to contributed commands only', () => {
		const commands = new Set(
			(
				JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
					contributes: { commands: { command: string }[] };
				}
			).contributes.commands.map((command) => command.command),
		);
		for (const welcome of welcomes) {
			for (const [, command = ''] of welcome.contents.matchAll(/\]\(command:([\w.]+)\)/g)) {
				const known = command.startsWith('workbench.') ? true : commands.has(command);
				expect(known, `${welcome.view}: ${command}`).toBe(true);
			}
			expect(welcome.contents.split('\n')[0]).toMatch(/[.:]$/);
		}
	});
});
