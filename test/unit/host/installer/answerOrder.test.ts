import { describe, expect, it } from 'vitest';

import type { RuntimeHookFile } from '../../../../src/host/installer/answerOrder';
import { filesAnsweringFirst, runtimeOrder } from '../../../../src/host/installer/answerOrder';

const ours = { event: 'PreToolUse', commands: ['hookwarden-hook PreToolUse'], ours: true } as const;
const guard = { event: 'PreToolUse', commands: ['guard.sh'], ours: false } as const;
const logger = { event: 'PostToolUse', commands: ['log.sh'], ours: false } as const;

function file(
	path: string,
	scope: 'user' | 'workspace',
	...registrations: RuntimeHookFile['registrations']
) {
	return { path, scope, registrations };
}

describe('which hook files answer before Hookwarden in the Copilot runtime', () => {
	it('orders files as runtime 1.0.85 ran them: user scope first, each folder Z to A by name', () => {
		// Measured: c a e b d in ~/.copilot/hooks and zz aa in .github/hooks ran as e d c b a, then zz aa.
		const order = runtimeOrder(
			['c', 'a', 'e', 'b', 'd']
				.map((n) => file(`/h/.copilot/hooks/${n}.json`, 'user'))
				.concat(['zz', 'aa'].map((n) => file(`/w/.github/hooks/${n}.json`, 'workspace'))),
		);
		expect(order.map((f) => f.path.split('/').pop())).toEqual([
			'e.json',
			'd.json',
			'c.json',
			'b.json',
			'a.json',
			'zz.json',
			'aa.json',
		]);
	});

	it('names another preToolUse file that runs first, and not one that runs after or hooks another event', () => {
		const files = [
			file('/h/.copilot/hooks/a-guard.json', 'user', guard),
			file('/h/.copilot/hooks/hookwarden.json', 'user', ours),
			file('/h/.copilot/hooks/zz-guard.json', 'user', guard),
			file('/h/.copilot/hooks/zzz-log.json', 'user', logger),
		];
		expect(filesAnsweringFirst(files).map((f) => f.path)).toEqual([
			'/h/.copilot/hooks/zz-guard.json',
		]);
	});

	it('puts every user-scope file first when Hookwarden is installed for the workspace only', () => {
		const files = [
			file('/w/.github/hooks/hookwarden.json', 'workspace', ours),
			file('/h/.copilot/hooks/a-guard.json', 'user', guard),
		];
		expect(filesAnsweringFirst(files).map((f) => f.path)).toEqual([
			'/h/.copilot/hooks/a-guard.json',
		]);
	});

	it('reports nothing when Hookwarden has no preToolUse hook there', () => {
		expect(filesAnsweringFirst([file('/h/.copilot/hooks/zz.json', 'user', guard)])).toEqual([]);
	});
});
