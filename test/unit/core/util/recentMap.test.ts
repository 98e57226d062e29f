import { describe, expect, it } from 'vitest';

import { RecentMap } from '../../../../src/core/util/recentMap';

describe('RecentMap', () => {
	it('keeps at most its limit, forgetting the entry used least recently', () => {
		const map = new RecentMap<string, number>(2);
		map.set('a', 1);
		map.set('b', 2);
		expect(map.get('a')).toBe(1); // a is now the most recent, so b goes first
		map.set('c', 3);
		expect(map.get('b')).toBeUndefined();
		expect(map.get('a')).toBe(1);
		expect(map.get('c')).toBe(3);
		expect(map.size).toBe(2);
	});

	it('replaces the value of a key it keeps without growing', () => {
		const map = new RecentMap<string, number>(2);
		map.set('a', 1);
		map.set('a', 2);
		expect(map.size).toBe(1);
		expect(map.get('a')).toBe(2);
	});
});
