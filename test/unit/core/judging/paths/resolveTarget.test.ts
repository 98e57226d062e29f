import { describe, expect, it } from 'vitest';

import type { TargetContext } from '../../../../../src/core/judging/paths/resolveTarget';
import { resolveTarget } from '../../../../../src/core/judging/paths/resolveTarget';

const HOME = '/home/dev';
const WS = '/home/dev/src/app';

function context(extra: Partial<TargetContext> = {}): TargetContext {
	return {
		cwds: [WS],
		cwdUnknown: false,
		home: HOME,
		variables: { HOME, HOOKWARDEN_SECRET_FILE: '/run/user/1000/hookwarden/secret' },
		links: new Map(),
		...extra,
	};
}

/** [as written, a path it must resolve to, whether the reading is sure]. */
const ROWS: readonly (readonly [raw: string, candidate: string, sure: boolean])[] = [
	['~/.ssh/id_rsa', `${HOME}/.ssh/id_rsa`, true],
	['$HOME/.aws', `${HOME}/.aws`, true],
	['${HOME}/.kube/config', `${HOME}/.kube/config`, true],
	['${CODEX_HOME:-~/.codex}/auth.json', `${HOME}/.codex/auth.json`, false],
	['$HOOKWARDEN_SECRET_FILE', '/run/user/1000/hookwarden/secret', true],
	['src/../../../.bashrc', `${HOME}/.bashrc`, true],
	['$(pwd)/dist', `${WS}/dist`, true],
	['file:///home/dev/.ssh/config', `${HOME}/.ssh/config`, true],
	['~/.{ssh,aws}/x', `${HOME}/.aws/x`, true],
	['$UNSET_DIR/x', '**/x', false],
	// Windows environment names ignore case; PowerShell's automatic variables too.
	['$env:temp/x', '/tmp/x', false],
	['%Temp%\\x', '/tmp/x', false],
	['$profile', `${HOME}/.config/powershell/Microsoft.PowerShell_profile.ps1`, true],
	// A POSIX shell's `$tmp` is the line's own variable, not `$TMP`: unknown, never `/tmp` itself.
	['$tmp', '**', false],
];

describe('resolveTarget: a target is judged where it resolves, not as it is spelled', () => {
	it.each(ROWS)('%s → %s', (raw, candidate, sure) => {
		const target = resolveTarget(raw, context());
		expect(target.candidates).toContain(candidate);
		expect(target.sure).toBe(sure);
	});

	it('is unknown when only a command substitution names the path', () => {
		const target = resolveTarget('$(cat dirs.txt)', context());
		expect(target).toMatchObject({ unknown: true, sure: false });
	});

	it('follows a link the line made before, and one already on disk', () => {
		const made = resolveTarget('build/', context({ links: new Map([[`${WS}/build`, HOME]]) }));
		expect(made.candidates).toContain(HOME);
		const onDisk = resolveTarget(
			'out/x',
			context({ realPath: (p) => (p === `${WS}/out/x` ? '/etc/x' : undefined) }),
		);
		expect(onDisk.candidates).toContain('/etc/x');
	});

	it('tries every folder an earlier cd may have gone to, and any folder when that is unknown', () => {
		const target = resolveTarget('x', context({ cwds: [WS, '/srv'], cwdUnknown: true }));
		expect(target.candidates).toEqual(expect.arrayContaining([`${WS}/x`, '/srv/x', '**/x']));
		expect(target.sure).toBe(false);
	});

	it("reads an NTFS stream of a file as the file (`x::$DATA`, `x:name`), and not a drive's colon", () => {
		const windows = context({ cwds: ['D:/work/app'] });
		for (const written of ['D:\\work\\app\\notes.md::$DATA', 'D:\\work\\app\\notes.md:hidden']) {
			expect(resolveTarget(written, windows).candidates).toContain('D:/work/app/notes.md');
		}
	});

	it('reads an 8.3 short name as the guarded names it abbreviates and a glob of any other', () => {
		const windows = context({ cwds: ['D:/work/app'] });
		expect(resolveTarget('D:\\work\\app\\VSCODE~1\\TASKS~1.JSO', windows).candidates).toEqual(
			expect.arrayContaining(['D:/work/app/.vscode/tasks.json', 'D:/work/app/VSCODE*/TASKS*.JSO*']),
		);
		expect(resolveTarget('D:\\work\\app\\README~2.MD', windows).candidates).toEqual([
			'D:/work/app/README*.MD*',
		]);
		// A Unix name with a tilde is no short name.
		expect(resolveTarget('backup~1', context()).candidates).toEqual([`${WS}/backup~1`]);
	});

	it('reads Windows spellings: case, trailing dots, drive letters, backslashes', () => {
		const target = resolveTarget(
			'C:\\Users\\Dev\\.SSH.\\id_rsa',
			context({ cwds: ['C:/Users/Dev/src'] }),
		);
		expect(target.candidates.join(' ')).toMatch(/\.ssh\/id_rsa/i);
		expect(target.candidates.join(' ')).not.toMatch(/\.SSH\.\//);
	});
});
