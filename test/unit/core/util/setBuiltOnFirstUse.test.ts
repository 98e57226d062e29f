import { describe, expect, it } from 'vitest';

import { setBuiltOnFirstUse } from '../../../../src/core/util/setBuiltOnFirstUse';

describe('setBuiltOnFirstUse', () => {
	it('builds nothing until first asked, then once, and reads as the set it built', () => {
		let builds = 0;
		const names = setBuiltOnFirstUse(() => {
			builds++;
			return ['git', 'npm', 'git'];
		});
		expect(builds).toBe(0);
		expect(names.has('git')).toBe(true);
		expect(names.has('rm')).toBe(false);
		expect(names.size).toBe(2);
		expect([...names]).toEqual(['git', 'npm']);
		expect([...names.entries()]).toEqual([
			['git', 'git'],
			['npm', 'npm'],
		]);
		const seen: string[] = [];
		names.forEach((value, key, set) => seen.push(`${value}=${key}:${set === names}`));
		expect(seen).toEqual(['git=git:true', 'npm=npm:true']);
		expect(new Set([...names.keys(), ...names.values()]).size).toBe(2);
		expect(builds).toBe(1);
	});
});
