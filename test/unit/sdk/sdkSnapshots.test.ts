import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Observation } from '../../../src/core/snapshots/snapshotFacts';
import { DefaultHooksProvider } from '../../../src/sdk/defaultProvider';
import { asSessionHooks } from '../../../src/sdk/sessionHooks';
import { snapshotsFor } from '../../../src/sdkNode/snapshots';
import { analyze } from '../../support/shellAnalyzer';

let dir: string;
let workspace: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hookwarden-sdk-snapshots-'));
	workspace = join(dir, 'app');
	mkdirSync(join(workspace, 'src'), { recursive: true });
	mkdirSync(join(dir, 'store'), { mode: 0o700 });
	writeFileSync(join(workspace, 'src', 'main.ts'), 'main\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('an SDK session holds and compares as the extension does', () => {
	it('holds before a tool call, reports what nobody predicted after it, and says what an ask could undo', async () => {
		const provider = new DefaultHooksProvider({
			workspaceFolder: workspace,
			settings: {
				'hookwarden.rules': [{ command: 'rm', verdict: 'ask', reason: 'Deleting needs a person.' }],
			},
			analyzeShell: (line, dialect) => analyze(line, dialect),
		});
		const observed: Observation[] = [];
		const snapshots = snapshotsFor(provider, {
			storeRoot: join(dir, 'store', 'snapshots'),
			watch: false,
		});
		const hooks = asSessionHooks(provider, {
			snapshots,
			onDecision: (_event, _decision, check) => observed.push(...(check.observed ?? [])),
		});
		const base = { sessionId: 's', timestamp: new Date(), workingDirectory: workspace };
		const invocation = { sessionId: 's' };

		const asked = await hooks.onPreToolUse(
			{ ...base, toolName: 'bash', toolArgs: { command: 'rm src/main.ts' } },
			invocation,
		);
		expect(asked).toMatchObject({
			permissionDecision: 'ask',
			permissionDecisionReason: 'Deleting needs a person. Restorable: 1 file, 5 B.',
		});

		await hooks.onPreToolUse(
			{ ...base, toolName: 'bash', toolArgs: { command: 'python3 tidy.py' } },
			invocation,
		);
		rmSync(join(workspace, 'src', 'main.ts'));
		await hooks.onPostToolUse(
			{
				...base,
				toolName: 'bash',
				toolArgs: { command: 'python3 tidy.py' },
				toolResult: { textResultForLlm: 'ok', resultType: 'success' },
			},
			invocation,
		);
		expect(observed[0]).toMatchObject({
			unforeseenCount: 1,
			unforeseen: [{ path: `${workspace}/src/main.ts`, change: 'deleted' }],
		});
		expect(readFileSync(join(dir, 'store', 'snapshots', 'key'), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
	});
});
