import {
	chmodSync,
	chownSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	truncateSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, afterEach, describe, expect, it } from 'vitest';

import type { AuditEventRecord } from '../../src/core/audit/auditRecord';
import { runProcess } from '../support/runProcess';
import { endKeepersNaming } from '../support/snapshotKeepers';

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');
const roots: string[] = [];

/** A home, runtime folder, audit log and workspace of their own, as one machine's user has them. */
function machine(owner?: number) {
	const root = mkdtempSync(join(tmpdir(), 'hookwarden-snapshots-it-'));
	roots.push(root);
	chmodSync(root, 0o755);
	const home = join(root, 'home');
	const runtime = join(root, 'run');
	const workspace = join(root, 'ws');
	mkdirSync(join(workspace, 'src'), { recursive: true });
	mkdirSync(home);
	mkdirSync(runtime, { mode: 0o700 });
	writeFileSync(join(workspace, 'README.md'), '# tracked\n');
	writeFileSync(join(workspace, 'src', 'app.ts'), 'export const app = 1;\n');
	writeFileSync(join(workspace, '.env'), 'API_TOKEN=abc\n');
	if (owner !== undefined) {
		for (const path of [root, home, runtime, workspace, join(workspace, 'src')]) {
			chownSync(path, owner, owner);
		}
		for (const file of ['README.md', 'src/app.ts', '.env']) {
			chownSync(join(workspace, file), owner, owner);
		}
	}
	const audit = join(root, 'audit.jsonl');
	const env = {
		PATH: process.env.PATH,
		HOME: home,
		USER: 'me',
		XDG_RUNTIME_DIR: runtime,
		HOOKWARDEN_AUDIT_FILE: audit,
	};
	const store = join(
		home,
		'.config',
		'Code',
		'User',
		'globalStorage',
		'hookwarden.hookwarden',
		'snapshots',
	);
	return { root, home, runtime, workspace, audit, env, store };
}
type Machine = ReturnType<typeof machine>;

async function hook(
	on: Machine,
	event: 'PreToolUse' | 'PostToolUse',
	command: string,
	useId: string,
	options: { readonly prefix?: readonly string[]; readonly uid?: number } = {},
): Promise<Record<string, unknown>> {
	const [program, ...args] = [...(options.prefix ?? []), process.execPath, BRIDGE, event];
	const run = await runProcess(program, args, {
		cwd: on.workspace,
		env: on.env,
		...(options.uid !== undefined && { uid: options.uid }),
		stdin: JSON.stringify({
			hook_event_name: event,
			session_id: 's-1',
			cwd: on.workspace,
			tool_name: 'run_in_terminal',
			tool_input: { command },
			tool_use_id: useId,
			...(event === 'PostToolUse' && { tool_response: 'ok' }),
		}),
	});
	expect(run.code, run.stderr).toBe(0);
	return JSON.parse(run.stdout) as Record<string, unknown>;
}

function records(on: Machine): AuditEventRecord[] {
	return readFileSync(on.audit, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as AuditEventRecord);
}

async function restore(on: Machine, ...args: string[]) {
	return runProcess(process.execPath, [BRIDGE, '--restore', ...args], {
		cwd: on.workspace,
		env: on.env,
		stdin: '',
	});
}

/** Ends the keepers the bridges started and waits until they are gone, so nothing writes into a folder removed next. */
async function endKeepers(): Promise<void> {
	for (const root of roots) {
		await endKeepersNaming(join(root, 'ws'));
	}
}

afterEach(endKeepers);
afterAll(async () => {
	await endKeepers();
	for (const root of roots) {
		rmSync(root, { recursive: true, force: true });
	}
});

describe('the bridge holds the workspace around a call and restores it', () => {
	it('brings back a deleted tracked file, a deleted untracked .env and an edited file; a later file stays', async () => {
		const on = machine();
		expect(await hook(on, 'PreToolUse', 'python3 scripts/tidy.py', 'c1')).toEqual({});
		rmSync(join(on.workspace, 'README.md'));
		rmSync(join(on.workspace, '.env'));
		writeFileSync(join(on.workspace, 'src', 'app.ts'), 'broken');
		const after = await hook(on, 'PostToolUse', 'python3 scripts/tidy.py', 'c1');
		expect(after.systemMessage).toMatch(
			/made changes nobody predicted \(deleted .*(README\.md|\.env)/,
		);
		const post = records(on).find((r) => r.event === 'PostToolUse');
		expect(post?.unforeseen).toBe(true);
		expect(post?.observed?.[0]?.counts).toMatchObject({ deleted: 2, changed: 1 });
		writeFileSync(join(on.workspace, 'later.txt'), 'made afterwards');

		const dryRun = await restore(on, post?.id ?? '', on.audit, '--dry-run');
		expect(dryRun.stdout).toMatch(/would restore +.*README\.md\s+\(deleted since, by this call\)/);
		expect(existsSync(join(on.workspace, 'README.md'))).toBe(false);

		const restored = await restore(on, post?.id ?? '', on.audit);
		expect(restored.code, restored.stderr).toBe(0);
		expect(readFileSync(join(on.workspace, 'README.md'), 'utf8')).toBe('# tracked\n');
		expect(readFileSync(join(on.workspace, '.env'), 'utf8')).toBe('API_TOKEN=abc\n');
		expect(readFileSync(join(on.workspace, 'src', 'app.ts'), 'utf8')).toBe(
			'export const app = 1;\n',
		);
		expect(readFileSync(join(on.workspace, 'later.txt'), 'utf8')).toBe('made afterwards');
		expect(restored.stdout).toMatch(/left alone \(add --remove-created to remove\) +.*later\.txt/);

		const undo = /--restore (\S+)/.exec(restored.stdout)?.[1] ?? '';
		const again = await restore(on, undo, '--remove-created');
		expect(again.code).toBe(0);
		expect(readFileSync(join(on.workspace, 'src', 'app.ts'), 'utf8')).toBe('broken');
	});

	it('says so, and exits 66, for a record id that does not exist', async () => {
		const on = machine();
		await hook(on, 'PreToolUse', 'git status', 'c1');
		const missing = await restore(on, 'nope-123', on.audit);
		expect(missing.code).toBe(66);
		expect(missing.stderr).toMatch(/no snapshot nope-123, and no event with id nope-123/);
		const noSnapshot = await restore(on, records(on)[0]?.id ?? '', on.audit);
		expect(noSnapshot.code).toBe(66);
		expect(noSnapshot.stderr).toMatch(/has no snapshot: the call changed no file/);
	});

	it('notes a 5 GB file over the size limit, and says so when the call is asked', async () => {
		const on = machine();
		mkdirSync(join(on.workspace, '.vscode'));
		writeFileSync(
			join(on.workspace, '.vscode', 'settings.json'),
			JSON.stringify({
				'hookwarden.rules': [{ command: 'rm', verdict: 'ask', reason: 'Deleting needs a person.' }],
			}),
		);
		writeFileSync(join(on.workspace, 'disk.img'), '');
		truncateSync(join(on.workspace, 'disk.img'), 5 * 1024 ** 3);
		const answer = await hook(on, 'PreToolUse', 'rm disk.img', 'c1');
		expect(answer.permissionDecisionReason).toBe(
			`Deleting needs a person. Not restorable: ${on.workspace}/disk.img is over the 50 MB file limit.`,
		);
	});

	it('answers for a workspace of 200,000 files, and says only what a call names is held', async () => {
		const on = machine();
		for (let folder = 0; folder < 400; folder++) {
			const path = join(on.workspace, 'data', `f${folder}`);
			mkdirSync(path, { recursive: true });
			for (let file = 0; file < 500; file++) {
				writeFileSync(join(path, `${file}.json`), '');
			}
		}
		await hook(on, 'PreToolUse', './generate.sh', 'c1');
		const [held] = records(on);
		expect(held?.snapshot).toMatchObject({
			incomplete: expect.stringMatching(/more than 25,\d{3} files and folders/) as unknown,
			notHeld: [{ path: on.workspace, why: 'tooManyFiles' }],
		});
		await hook(on, 'PreToolUse', 'rm src/app.ts', 'c2');
		expect(records(on)[1]?.snapshot).toMatchObject({ atRisk: { files: 1 } });
	}, 300_000);

	it('still answers when the disk refuses the store a write, and says the call is not restorable', async () => {
		const on = machine();
		writeFileSync(join(on.workspace, 'big.bin'), Buffer.alloc(2 * 1024 * 1024, 7));
		// Files this process writes may not grow past 100 KB: the store's first object of 2 MB is refused (EFBIG).
		const answer = await hook(on, 'PreToolUse', './build.sh', 'c1', {
			prefix: ['prlimit', '--fsize=100000'],
		});
		expect(answer).toEqual({});
		const snapshot = records(on)[0]?.snapshot as
			{ incomplete?: string; missed?: string } | undefined;
		expect(snapshot?.incomplete ?? snapshot?.missed).toMatch(/disk/);
	});

	it('holds what it can read and notes what it cannot', async () => {
		if (process.getuid?.() !== 0) {
			// Without root, a file this user cannot read is made by removing its own permissions.
			const on = machine();
			writeFileSync(join(on.workspace, 'locked.bin'), 'x');
			chmodSync(join(on.workspace, 'locked.bin'), 0);
			await hook(on, 'PreToolUse', './build.sh', 'c1');
			expect(JSON.stringify(records(on)[0]?.snapshot)).toContain('"why":"unreadable"');
			return;
		}
		// As root every file is readable: the bridge runs as another user, over a file root keeps to itself.
		const nobody = 65534;
		const on = machine(nobody);
		writeFileSync(join(on.workspace, 'locked.bin'), 'x', { mode: 0o600 });
		chmodSync(on.root, 0o755);
		await hook(on, 'PreToolUse', './build.sh', 'c1', { uid: nobody });
		const snapshot = records(on)[0]?.snapshot;
		expect(snapshot).toMatchObject({
			notHeld: [{ path: `${on.workspace}/locked.bin`, why: 'unreadable' }],
			held: { files: 3 },
		});
	});

	it('answers every call while files come and go under it', async () => {
		const on = machine();
		const churn = join(on.workspace, 'churn');
		mkdirSync(churn);
		let stop = false;
		const churning = (async () => {
			for (let round = 0; !stop; round++) {
				for (let at = 0; at < 50; at++) {
					writeFileSync(join(churn, `${at}.tmp`), `${round}`);
				}
				rmSync(churn, { recursive: true, force: true });
				mkdirSync(churn, { recursive: true });
				await new Promise((next) => setImmediate(next));
			}
		})();
		for (let call = 0; call < 6; call++) {
			await hook(on, 'PreToolUse', './build.sh', `c${call}`);
			await hook(on, 'PostToolUse', './build.sh', `c${call}`);
		}
		stop = true;
		await churning;
		const events = records(on);
		expect(events).toHaveLength(12);
		expect(
			events.filter((r) => r.event === 'PreToolUse').every((r) => r.snapshot && 'id' in r.snapshot),
		).toBe(true);
	});

	it('refuses a tool call that touches the store, and a store replaced behind its back', async () => {
		const on = machine();
		await hook(on, 'PreToolUse', './build.sh', 'c1');
		for (const command of [
			`rm -rf ${on.store}`,
			`cat ${on.store}/records/*.json`,
			`ln -sfn /tmp/forged ${on.store}`,
			`${process.execPath} ${BRIDGE} --restore x`,
		]) {
			expect((await hook(on, 'PreToolUse', command, 'c2')).permissionDecision).toBe('deny');
		}
		const forged = join(on.root, 'forged');
		mkdirSync(forged, { mode: 0o700 });
		rmSync(on.store, { recursive: true });
		symlinkSync(forged, on.store);
		await hook(on, 'PreToolUse', './build.sh', 'c3');
		expect(records(on).at(-1)?.snapshot).toMatchObject({
			missed: expect.stringMatching(/not a plain folder/) as unknown,
		});
		expect(readdirSync(forged)).toEqual([]);
	});
});
