import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';

import { parseTextPattern, requiredLiteral } from '../../../../src/core/policy/textPattern';

describe('requiredLiteral', () => {
	it.each([
		['^deploy-12\\b', false, 'deploy-12'],
		['^mcp__server3__', false, 'mcp__server3__'],
		['rm\\s+-rf', false, '-rf'],
		['colou?r', false, 'colo'],
		['ab+c', false, 'ab'],
		['x{2}yz', false, 'yz'],
		['(a|b)cde', false, 'cde'],
		['[abc]def', false, 'def'],
		['Deploy', true, 'deploy'],
	])('/%s/ (i: %s) needs %s', (body, insensitive, expected) => {
		expect(requiredLiteral(body, insensitive)?.text).toBe(expected);
	});

	it.each([['a|bcd'], ['(?i)abc'], ['a'], ['.*'], ['[xyz]+']])('/%s/ proves nothing', (body) => {
		expect(requiredLiteral(body, false)).toBeUndefined();
	});

	it('never rejects a line the engine would match (the prefilter can only save work)', () => {
		const bodies = [
			'^deploy-\\d+\\b',
			'colou?r',
			'ab+c',
			'x{2}yz',
			'(a|b)cde',
			'[abc]def',
			'push\\s+--force',
			'\\Qa+b\\E',
			'a\\|bc',
			'sk',
			'KS',
		];
		const lines = [
			'deploy-12 now',
			'color',
			'colour',
			'abbbc',
			'xxyz',
			'bcde',
			'cdef',
			'git push   --force',
			'a+b',
			'a|bc',
			'ſk',
			'\u212as',
			'SK',
			'ks',
			'nothing here',
		];
		for (const body of bodies) {
			for (const flags of ['', 'i']) {
				const engine = RE2JS.compile(body, flags ? RE2JS.CASE_INSENSITIVE : 0);
				const pattern = parseTextPattern(`/${body}/${flags}`);
				if (!('kind' in pattern) || pattern.kind !== 'regex') {
					throw new Error(`/${body}/${flags} did not compile`);
				}
				for (const line of lines) {
					expect(pattern.regex.test(line), `/${body}/${flags} on ${line}`).toBe(engine.test(line));
				}
			}
		}
	});
});
