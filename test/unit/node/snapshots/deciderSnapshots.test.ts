import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ApprovalQueue } from '../../../../src/core/approvals/approvalQueue';
import { ApprovalGate } from '../../../../src/core/pipeline/approvalGate';
import { CallSnapshots } from '../../../../src/core/pipeline/callSnapshots';
import type { HookAnswer } from '../../../../src/core/pipeline/hookCall';
import { HookDecider } from '../../../../src/core/pipeline/hookDecider';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../../../src/core/provider/defaultHooksProvider';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import { SessionTracker } from '../../../../src/core/sessions/sessionTracker';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { isSnapshotTaken } from '../../../../src/core/snapshots/snapshotFacts';
import { SYSTEM_CLOCK } from '../../../../src/core/util/clock';
import { FileSnapshots } from '../../../../src/node/snapshots/fileSnapshots';
import { analyze } from '../../../support/shellAnalyzer';

let dir: string;
let ws: string;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-decider-snapshots-'));
	ws = join(dir, 'ws');
	mkdirSync(join(ws, 'src'), { recursive: true });
	mkdirSync(join(dir, 'storage'), { mode: 0o700 });
	writeFileSync(join(ws, 'src', 'a.ts'), 'a\n');
	writeFileSync(join(ws, 'src', 'b.ts'), 'b\n');
	writeFileSync(join(ws, 'notes.md'), 'notes\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The decider the window builds, with its real policy provider, a real store and, when `gate`, inline approvals. */
function decider(values: Record<string, unknown> = {}, gate = false) {
	const source = { kind: 'userSettings' } as const;
	const policy = compilePolicy(readPolicySettings([{ source, values }]).settings);
	const provider = new DefaultHooksProvider({
		policy: () => policy,
		homeDir: join(dir, 'home'),
		analyzeShell: (line, dialect) => analyze(line, dialect),
	});
	const chain = new CompositeHooksProvider([{ provider, priority: 0, failAction: 'warn' }]);
	const approvals = new ApprovalQueue(SYSTEM_CLOCK);
	const sessions = new SessionTracker();
	const store = new FileSnapshots({ storeRoot: join(dir, 'storage', 'snapshots') });
	const decide = new HookDecider({
		chain,
		policy: () => policy,
		workspaceFolderFor: () => ws,
		sessions,
		clock: SYSTEM_CLOCK,
		origin: 'window',
		...(gate && { gate: new ApprovalGate(approvals, SYSTEM_CLOCK) }),
		snapshots: new CallSnapshots({
			port: store,
			effectsOf: (event, folder) => provider.judgedEffects(event, folder),
		}),
	});
	return { decide, approvals, store };
}

const call = (event: string, command: string, extra: Record<string, unknown> = {}) => ({
	eventArg: event,
	payload: {
		hook_event_name: event,
		session_id: 's1',
		cwd: ws,
		tool_name: 'run_in_terminal',
		tool_input: { command },
		tool_use_id: `id-${command}`,
		...extra,
	},
});

function recorded(answer: HookAnswer): RecordedEvent {
	if (answer.kind !== 'answered') {
		throw new Error(answer.problem);
	}
	return answer.recorded;
}

describe('the decider holds before a call runs and compares after', () => {
	it('holds before an allowed call, compares after it ran and tells the person of a delete nobody predicted', async () => {
		const { decide } = decider();
		const before = recorded(await decide.decide(call('PreToolUse', 'python3 tidy.py')));
		expect(before.snapshot && isSnapshotTaken(before.snapshot)).toBe(true);
		rmSync(join(ws, 'src', 'a.ts'));
		const answer = await decide.decide(
			call('PostToolUse', 'python3 tidy.py', { tool_response: 'ok' }),
		);
		const after = recorded(answer);
		expect(after.observed?.[0]).toMatchObject({
			counts: { deleted: 1 },
			unforeseen: [{ path: `${ws}/src/a.ts`, change: 'deleted' }],
		});
		expect(answer.output.systemMessage).toMatch(
			/made changes nobody predicted \(deleted .*src\/a\.ts\)/,
		);
	});

	it('holds nothing for a call that changes no file, and nothing for a denied one', async () => {
		const { decide } = decider({
			rules: [{ command: 'rm', verdict: 'deny', reason: 'no deleting' }],
		});
		expect(
			recorded(await decide.decide(call('PreToolUse', 'git status'))).snapshot,
		).toBeUndefined();
		expect(
			recorded(await decide.decide(call('PreToolUse', 'rm src/a.ts'))).snapshot,
		).toBeUndefined();
	});

	it('says on the approval what can be undone, and in the reason of an ask that leaves for the harness', async () => {
		const rules = [{ command: 'rm', verdict: 'ask', reason: 'Deleting needs a person.' }];
		const inline = decider({ rules }, true);
		const pending = inline.decide.decide(call('PreToolUse', 'rm -r src'));
		for (let i = 0; i < 200 && inline.approvals.pending().length === 0; i++) {
			await new Promise((resolve) => setTimeout(resolve, 1));
		}
		const [approval] = inline.approvals.pending();
		expect(approval?.request.restorable).toBe('Restorable: 2 files, 4 B.');
		inline.approvals.resolve(approval?.request.id ?? '', { kind: 'allowed', scope: 'once' });
		expect(recorded(await pending).snapshot).toMatchObject({ atRisk: { files: 2 } });

		const native = decider({ rules, 'approval.mode': 'native' });
		const answer = await native.decide.decide(call('PreToolUse', 'rm -r src'));
		expect(answer.output.permissionDecisionReason).toBe(
			'Deleting needs a person. Restorable: 2 files, 4 B.',
		);
	});

	it('compares a call whose PostToolUse never came when the turn ends', async () => {
		const { decide } = decider();
		await decide.decide(call('PreToolUse', './scripts/fail.sh'));
		writeFileSync(join(ws, 'notes.md'), '');
		const stop = recorded(
			await decide.decide({
				eventArg: 'Stop',
				payload: { hook_event_name: 'Stop', session_id: 's1', cwd: ws, stop_hook_active: false },
			}),
		);
		expect(stop.observed?.[0]).toMatchObject({
			summary: 'run_in_terminal: ./scripts/fail.sh',
			unforeseen: [{ path: `${ws}/notes.md`, change: 'emptied' }],
		});
	});

	it('keeps the snapshot id that restores the call, readable from its record', async () => {
		const { decide, store } = decider();
		const before = recorded(await decide.decide(call('PreToolUse', 'mytool --rewrite src')));
		writeFileSync(join(ws, 'src', 'b.ts'), 'rewritten');
		const id = before.snapshot && isSnapshotTaken(before.snapshot) ? before.snapshot.id : '';
		const planned = store.planRestore(id, compilePolicy(readPolicySettings([]).settings).snapshots);
		if ('problem' in planned) {
			throw new Error(planned.problem);
		}
		store.restore(planned.record, planned.items);
		expect(readFileSync(join(ws, 'src', 'b.ts'), 'utf8')).toBe('b\n');
	});
});
