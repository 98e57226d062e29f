import { describe, expect, it } from 'vitest';

import { withFullLongOptions } from '../../../../../src/core/reading/programs/gitOptionPrefixes';

describe("git's abbreviated long options, as git's own option tables read them", () => {
	it.each<[string, string[], string[]]>([
		['clean', ['--fo', '-d'], ['--force', '-d']],
		['clean', ['--dry'], ['--dry-run']],
		['branch', ['--delete', '--forc', 'x'], ['--delete', '--force', 'x']],
		// `--del` could be `--delete` or `--delete-merged`: git refuses it, so it stays as written
		['branch', ['--del', 'x'], ['--del', 'x']],
		['reset', ['--har'], ['--hard']],
		['push', ['--no-verif'], ['--no-verify']],
		['push', ['--forc'], ['--forc']],
		['clean', ['--force=x'], ['--force=x']],
		['rebase', ['--exe=make'], ['--exec=make']],
		// after `--` words are paths
		['checkout', ['--', '--fo'], ['--', '--fo']],
		// subcommands without a table are left alone
		['frobnicate', ['--fo'], ['--fo']],
	])('git %s %j', (subcommand, args, expected) => {
		expect(withFullLongOptions(subcommand, args)).toEqual(expected);
	});
});
