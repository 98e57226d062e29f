import { describe, expect, it } from 'vitest';

import type { HookEvent } from '../../../../src/core/events/hookEvent';
import type { MergedDecision } from '../../../../src/core/provider/decision';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import {
	presentEvent,
	presentNote,
	presentSession,
	renderEventDocument,
	summarizeEvent,
} from '../../../../src/ui/events/eventPresenter';
import type { EventsNode } from '../../../../src/ui/events/eventsModel';
import { EventsModel } from '../../../../src/ui/events/eventsModel';
import { preToolUse, sessionStart, shellTool, userPrompt } from '../../../support/hookEventBuilder';

let sequence = 0;
function recorded(
	event: HookEvent,
	overrides: Partial<RecordedEvent> & { decision?: MergedDecision } = {},
): RecordedEvent {
	sequence++;
	return {
		sequence,
		event,
		sessionId: 's1',
		decision: { contributors: [], failures: [] },
		origin: 'window',
		receivedAt: 1_000 + sequence,
		answeredAt: 1_004 + sequence,
		...overrides,
	};
}

const DENY: MergedDecision = {
	verdict: 'deny',
	reason: 'Deploys go through CI.',
	decidedBy: {
		providerId: 'hookwarden.policy',
		ruleId: 'no-deploy',
		source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' },
	},
	contributors: [],
	failures: [],
};

function labels(model: EventsModel, node?: EventsNode): string[] {
	return model
		.children(node)
		.map((n) =>
			n.kind === 'event'
				? presentEvent(n.entry).label
				: n.kind === 'note'
					? presentNote(n.note).label
					: n.key,
		);
}

describe('presentEvent', () => {
	it('fits the sidebar: the tool and command as label, the verdict and rule as description, the rest in the tooltip', () => {
		const view = presentEvent(
			recorded(preToolUse({ tool: shellTool('make deploy') }), { decision: DENY }),
		);
		expect(view).toMatchObject({
			label: 'run_in_terminal: make deploy',
			description: 'deny · no-deploy',
			iconId: 'error',
			iconColorId: 'testing.iconFailed',
			contextValue: 'hookwarden:event+deny',
		});
		expect(view.tooltip).toContain(
			'Decided by: hookwarden.policy / no-deploy (workspace settings)',
		);
		expect(view.tooltip).toMatch(/answered in \d+ ms/);
	});

	it('masks secrets in summaries and documents', () => {
		const token = `sk-ant-${'x'.repeat(30)}`;
		const entry = recorded(userPrompt(`use ${token}`));
		expect(summarizeEvent(entry.event)).not.toContain(token);
		expect(presentEvent(entry).label).toMatch(/^Prompt: “use sk-a…\[masked\]…xx”$/);
		expect(renderEventDocument(entry)).not.toContain(token);
	});

	it('the document holds the input, the decision with provenance and the original input', () => {
		const entry = recorded(preToolUse({ tool: shellTool('make deploy') }), { decision: DENY });
		const text = renderEventDocument(entry);
		expect(text).toMatch(/^# run_in_terminal: make deploy|^# PreToolUse: make deploy/);
		expect(text).toMatch(/\*\*Decided by:\*\* rule `no-deploy` .*\(workspace settings/);
		expect(text).toContain('in 4 ms');
		const record = /```json\n([\s\S]*)\n```/.exec(text)?.[1] ?? '';
		expect(JSON.parse(record)).toMatchObject({
			event: 'PreToolUse',
			decision: { verdict: 'deny', decidedBy: { ruleId: 'no-deploy' } },
			originalInput: { command: 'make deploy' },
		});
	});

	it('a session shows its short id and counts', () => {
		expect(presentSession('3f678c70-5199', { events: 3, denied: 1, lastAt: 0 }).label).toBe(
			'Session 3f678c70',
		);
	});

	it('names the harness that ran the session, short in the row and in full in the tooltip', () => {
		const model = new EventsModel();
		model.add(recorded({ ...sessionStart(), harness: 'agentHost' }));
		const node = model.children(undefined).find((n) => n.kind === 'session');
		expect(node?.kind === 'session' && node.harness).toBe('agentHost');
		const view = presentSession('s', { events: 1, denied: 1, lastAt: 0 }, 'agentHost');
		expect(view.description).toBe('Copilot harness · 1 denied');
		expect(view.tooltip).toMatch(/^Session s in VS Code Copilot harness \(Agent Host\)\n/);
	});
});

describe('EventsModel', () => {
	it('groups by session and subagent, newest first, with notes at the top level', () => {
		const model = new EventsModel();
		model.add(recorded(sessionStart()));
		model.add(recorded(preToolUse({ tool: shellTool('ls') }), { agentId: 'call_1' }));
		model.add(recorded(preToolUse({ tool: shellTool('pwd') })));
		model.addNote({ kind: 'paused', at: 5_000 });
		model.add(recorded(preToolUse({ tool: shellTool('echo other') }), { sessionId: 's2' }));
		const top = model.children();
		expect(top.map((n) => n.key)).toEqual(['n:1', 's:s2', 's:s1']);
		const s1 = top[2];
		expect(labels(model, s1)).toEqual([
			'run_in_terminal: pwd',
			'a:s1:call_1',
			'Session start: new',
		]);
		expect(labels(model, model.children(s1)[1])).toEqual(['run_in_terminal: ls']);
	});

	it('refreshes only the session that changed, unless the top level changed', () => {
		const model = new EventsModel();
		expect(model.add(recorded(sessionStart()))).toEqual({ root: true });
		const change = model.add(recorded(sessionStart()));
		expect('nodes' in change && change.nodes.map((n) => n.key)).toEqual(['s:s1']);
		expect(model.add(recorded(sessionStart(), { sessionId: 's2' }))).toEqual({ root: true });
		expect(model.add(recorded(sessionStart()))).toEqual({ root: true });
	});

	it('filters by verdict and event kind', () => {
		const model = new EventsModel();
		model.add(recorded(preToolUse({ tool: shellTool('make deploy') }), { decision: DENY }));
		model.add(recorded(preToolUse({ tool: shellTool('ls') })));
		model.add(recorded(sessionStart()));
		model.setFilter({ verdicts: new Set(['deny']), kinds: new Set() });
		expect(labels(model, model.children()[0])).toEqual(['run_in_terminal: make deploy']);
		model.setFilter({ verdicts: new Set(), kinds: new Set(['SessionStart']) });
		expect(labels(model, model.children()[0])).toEqual(['Session start: new']);
		model.setFilter({ verdicts: new Set(['ask']), kinds: new Set() });
		expect(model.children()).toEqual([]);
	});

	// How fast this runs is measured by `npm run bench` (bench/eventsModel.bench.ts), not asserted here.
	it('stays bounded at 10,000 events, keeping the newest', () => {
		const model = new EventsModel(10_000);
		for (let i = 0; i < 25_000; i++) {
			model.add(
				recorded(preToolUse({ tool: shellTool(`echo ${i}`) }), {
					sessionId: `s${Math.floor(i / 1000)}`,
				}),
			);
		}
		const top = model.children();
		expect(model.size).toBe(10_000);
		expect(top).toHaveLength(10);
		expect(labels(model, top[0])[0]).toBe('run_in_terminal: echo 24999');
		expect(labels(model, top.at(-1)).at(-1)).toBe('run_in_terminal: echo 15000');
	});

	it('Clear empties everything', () => {
		const model = new EventsModel();
		model.add(recorded(sessionStart()));
		model.addNote({ kind: 'resumed', at: 1 });
		model.clear();
		expect(model.isEmpty).toBe(true);
		expect(model.children()).toEqual([]);
	});
});
