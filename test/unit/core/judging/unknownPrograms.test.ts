import { describe, expect, it } from 'vitest';

import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { type Call, verdictOf } from '../../../support/verdictOf';

const OWN_STATE = 'ask protectedPaths.ownState';

/** Programs Hookwarden has no reading of: quiet inside the workspace, asked on guarded paths or when they destroy outside. */
const ROWS: Readonly<Record<string, readonly (readonly [Call, string])[]>> = {
	"a guarded path handed to an unread program, which may change it: Hookwarden's own state, startup files":
		[
			['dos2unix .vscode/settings.json', OWN_STATE],
			['bindfs /tmp/empty ~/.copilot/hooks', OWN_STATE],
			['python3 tools/fmt.py --in-place .github/hooks/policy.json', OWN_STATE],
			['micro ~/.zshrc', 'ask protectedPaths.startupFile'],
			['some-tool --config=.vscode/tasks.json', OWN_STATE],
		],
	'anything else inside the workspace is left to the snapshot': [
		['dos2unix scripts/build.sh', 'none'],
		['some-tool --force dist/', 'none'],
		['some-tool src/ docs/', 'none'],
		['python3 tools/fmt.py src/app.py', 'none'],
	],
	'outside the workspace, asked when its verb or options destroy': [
		['cleaner --force ~/Pictures/2019', 'ask destructiveCommands.delete'],
		['some-tool purge /srv/exports', 'ask destructiveCommands.delete'],
		['syncer -rf ~/other-project', 'ask destructiveCommands.delete'],
		['node scripts/prune.js --delete ~/backups', 'ask destructiveCommands.delete'],
		['some-tool ~/other-project', 'none'],
		['some-tool --force /tmp/scratch', 'none'],
	],
	'compressors and tools whose operand is an output write it': [
		['gunzip -f .vscode/settings.json.gz', 'deny protectedPaths.ownState'],
		['xz -dk ~/.copilot/hooks/hookwarden.json.xz', 'deny protectedPaths.ownState'],
		['uniq /tmp/list .github/hooks/policy.json', 'deny protectedPaths.ownState'],
		['gzip -d assets/data.csv.gz', 'none'],
		['gzip -c big.log > big.log.gz', 'none'],
		['uniq -c words.txt', 'none'],
	],
};

describe('unknown programs', () => {
	for (const [kind, rows] of Object.entries(ROWS)) {
		describe(kind, () => {
			it.each(rows)('%j → %s', async (call, expected) => {
				expect(await verdictOf(call)).toBe(expected);
			});
		});
	}
});

const STRICT = compilePolicy(
	readPolicySettings([
		{ source: { kind: 'userSettings', file: '/s.json' }, values: { 'reading.strict': true } },
	]).settings,
);

describe('hookwarden.reading.strict asks about every call that is not fully read', () => {
	it.each([
		['some-tool src/'],
		['npm test'],
		['python3 tools/gen.py'],
		['bash scripts/release.sh'],
		['cat "$REPORT"'],
	])('%j → ask reading.strict', async (line) => {
		expect(await verdictOf(line, STRICT)).toBe('ask reading.strict');
	});

	it.each([['git status'], ['cat README.md'], ['ls -la src'], ['npm --version']])(
		'%j → none',
		async (line) => {
			expect(await verdictOf(line, STRICT)).toBe('none');
		},
	);

	it('leaves the same calls quiet when it is off', async () => {
		expect(await verdictOf('some-tool src/')).toBe('none');
		expect(await verdictOf('npm test')).toBe('none');
	});
});
