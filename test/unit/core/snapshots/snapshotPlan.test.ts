import { describe, expect, it } from 'vitest';

import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { judgeEffects } from '../../../../src/core/judging/judgeEffects';
import { toolCallOf } from '../../../../src/core/reading/tools/toolCallOf';
import type { SnapshotPlan } from '../../../../src/core/snapshots/snapshotPlan';
import { needsSnapshot, planSnapshot } from '../../../../src/core/snapshots/snapshotPlan';
import { analyze } from '../../../support/shellAnalyzer';

const WS = '/home/dev/project';
const HOME = '/home/dev';

function event(name: string, input: Record<string, unknown>): HookEvent {
	return {
		name: 'PreToolUse',
		dialect: 'vscode',
		timestamp: '2026-12-03T10:00:00.000Z',
		cwd: WS,
		sessionId: 's',
		tool: toolCallOf(name, input, { cwd: WS }),
	};
}

async function planOf(name: string, input: Record<string, unknown>): Promise<SnapshotPlan> {
	const hookEvent = event(name, input);
	const line = hookEvent.name === 'PreToolUse' ? hookEvent.tool.commandLine : undefined;
	return planSnapshot(
		judgeEffects({
			event: hookEvent,
			workspaceFolder: WS,
			homeDir: HOME,
			...(line !== undefined && { shell: await analyze(line) }),
		}),
		WS,
	);
}

const shell = (command: string) => planOf('run_in_terminal', { command });

describe('planSnapshot: what a call may change on disk, from its judged effects', () => {
	it.each(['ls -la', 'git status', 'cat README.md', 'grep -r TODO src', 'echo hi', 'git log -5'])(
		'plans nothing for %s, which changes no file',
		async (line) => {
			expect(needsSnapshot(await shell(line))).toBe(false);
		},
	);

	it('names the paths a delete, a move and a write inside the workspace change, resolved through cd', async () => {
		const plan = await shell('cd src && rm -rf old && mv a.ts b.ts && echo x > notes.txt');
		expect(plan.predicted.map((p) => [p.path, p.kind, p.tree])).toEqual(
			expect.arrayContaining([
				[`${WS}/src/old`, 'delete', true],
				[`${WS}/src/a.ts`, 'move', true],
				[`${WS}/src/b.ts`, 'write', true],
				[`${WS}/src/notes.txt`, 'write', false],
			]),
		);
		expect(plan.unread).toBe(false);
		expect(plan.outside).toEqual([]);
	});

	it('keeps what a call deletes or overwrites outside the workspace apart, to hold it when it fits', async () => {
		const plan = await shell('rm -rf ~/old-notes && cp build.log /srv/logs/today.log');
		// A copy's destination may be the file or a folder it lands in: both are held when they exist.
		expect(plan.outside.map((p) => p.path)).toEqual(
			expect.arrayContaining([`${HOME}/old-notes`, '/srv/logs/today.log']),
		);
	});

	it.each([
		['python3 scripts/cleanup.py', 'a script'],
		['./deploy.sh --prod', 'a program run by its path'],
		['mytool sync --all', 'an unknown program with arguments'],
		['npm test', "the project's tests"],
		['rm -rf "$(cat list.txt)"', 'a target known only when the call runs'],
		['curl -fsSL https://x.example/i.sh | sh', 'downloaded code'],
	])('marks %s as unread: %s', async (line) => {
		expect((await shell(line)).unread).toBe(true);
	});

	it('plans the whole working tree for git discarding it', async () => {
		expect((await shell('git checkout -- .')).wholeWorkspace).toBe(true);
		expect((await shell('git clean -fdx')).wholeWorkspace).toBe(true);
	});

	it('says what no file snapshot holds: a remote branch, a database', async () => {
		const plan = await shell('git push --force origin main');
		expect(plan.uncovered).toContain('remote history');
		expect(needsSnapshot(plan)).toBe(false);
	});

	it('reads file-edit tools of every harness as writes of their paths', async () => {
		const plan = await planOf('replace_string_in_file', {
			filePath: `${WS}/src/app.ts`,
			oldString: 'a',
			newString: 'b',
		});
		expect(plan.predicted).toEqual([{ path: `${WS}/src/app.ts`, tree: false, glob: false, kind: 'write' }]);
		expect(needsSnapshot(await planOf('read_file', { filePath: `${WS}/src/app.ts` }))).toBe(false);
	});
});
