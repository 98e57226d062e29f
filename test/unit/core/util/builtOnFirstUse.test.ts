import { describe, expect, it, vi } from 'vitest';

import { builtOnFirstUse } from '../../../../src/core/util/builtOnFirstUse';

describe('builtOnFirstUse', () => {
	it('builds nothing until the first call, then returns the same value', () => {
		const build = vi.fn(() => ({ built: true }));
		const value = builtOnFirstUse(build);
		expect(build).not.toHaveBeenCalled();
		const first = value();
		expect(value()).toBe(first);
		expect(build).toHaveBeenCalledTimes(1);
	});

	it('keeps an undefined result instead of building again', () => {
		const build = vi.fn((): string | undefined => undefined);
		const value = builtOnFirstUse(build);
		expect(value()).toBeUndefined();
		expect(value()).toBeUndefined();
		expect(build).toHaveBeenCalledTimes(1);
	});
});
