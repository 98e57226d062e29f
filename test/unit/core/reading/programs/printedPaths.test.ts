import { describe, expect, it } from 'vitest';

import { mktempPrints, pathPrintedBy } from '../../../../../src/core/reading/programs/printedPaths';

describe('mktempPrints: where the fresh name lands', () => {
	it.each<[string[], string | undefined]>([
		[[], '$TMPDIR/tmp.XXXXXXXXXX'],
		[['-d'], '$TMPDIR/tmp.XXXXXXXXXX'],
		[['-d', 'build.XXXX'], 'build.XXXX'],
		[['-t', 'job.XXXX'], '$TMPDIR/job.XXXX'],
		[['--tmpdir', 'job.XXXX'], '$TMPDIR/job.XXXX'],
		[['-p', '/srv/cache', '-d'], '/srv/cache/tmp.XXXXXXXXXX'],
		[['--tmpdir=/srv/cache', 'job.XXXX'], '/srv/cache/job.XXXX'],
		[['a.XXXX', 'b.XXXX'], undefined],
	])('mktemp %j prints %j', (args, expected) => {
		expect(mktempPrints(args)).toBe(expected);
	});

	it('names no path for a program whose output is not one', () => {
		expect(pathPrintedBy(['date', '+%s'])).toBeUndefined();
		expect(pathPrintedBy(['mktemp', '-d'])).toBe('$TMPDIR/tmp.XXXXXXXXXX');
	});
});
