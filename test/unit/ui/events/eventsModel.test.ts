import { describe, expect, it } from 'vitest';

import type { HookEvent } from '../../../../src/core/events/hookEvent';
import type { MergedDecision } from '../../../../src/core/terms/decision';
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
import { parseEventQuery } from '../../../../src/ui/events/eventQuery';
import {
	postToolUse,
	preToolUse,
	sessionStart,
	shellTool,
	userPrompt,
} from '../../../support/hookEventBuilder';

const TIME = { clock: (ms: number) => `t${ms}`, dateTime: (ms: number) => `d${ms}` };

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
	it('reads subject · verdict, with the tool and the deciding rule beside it and the whole story in the tooltip', () => {
		const view = presentEvent(
			recorded(preToolUse({ tool: shellTool('make deploy') }), { decision: DENY }),
			TIME,
		);
		expect(view).toMatchObject({
			label: 'make deploy · denied',
			description: 'run_in_terminal · no-deploy',
			iconId: 'error',
			iconColorId: 'testing.iconFailed',
			contextValue: 'hookwarden:event+deny',
		});
		expect(view.tooltip).toContain(
			'Decided by: rule no-deploy of hookwarden.policy (workspace settings)',
		);
		expect(view.tooltip).toContain('Verdict: deny — Deploys go through CI.');
		expect(view.tooltip).toMatch(/At d\d+, answered in \d+ ms/);
	});

	it('keeps the whole command in the tooltip where the label is cut', () => {
		const long = `make deploy ${'--flag '.repeat(30)}`.trim();
		const view = presentEvent(recorded(preToolUse({ tool: shellTool(long) })), TIME);
		expect(view.label).toMatch(/^make deploy --flag .*… · no rule$/);
		expect(view.tooltip).toContain(long);
	});

	it('tells a call before it ran from the same call after it ran', () => {
		const before = presentEvent(recorded(preToolUse({ tool: shellTool('ls') })), TIME);
		const after = presentEvent(recorded(postToolUse({ tool: shellTool('ls') })), TIME);
		expect(before.label).toBe('ls · no rule');
		expect(after.label).toBe('ls · ran');
		expect(after.iconId).not.toBe(before.iconId);
		expect(after.contextValue).toBe('hookwarden:event+none+after');
	});

	it('says who answered an approval', () => {
		const view = presentEvent(
			recorded(preToolUse({ tool: shellTool('npm publish') }), {
				decision: { ...DENY, verdict: 'allow' },
				approval: { kind: 'allowed', scope: 'once' },
			}),
			TIME,
		);
		expect(view.label).toBe('npm publish · allowed by you');
		expect(view.iconId).toBe('person');
	});

	it('masks secrets in summaries and documents', () => {
		const token = `sk-ant-${'x'.repeat(30)}`;
		const entry = recorded(userPrompt(`use ${token}`));
		expect(summarizeEvent(entry.event)).not.toContain(token);
		expect(presentEvent(entry, TIME).label).toMatch(/^“use sk-a…\[masked\]…xx” · sent$/);
		expect(renderEventDocument(entry, TIME)).not.toContain(token);
	});

	it('the document holds the command in full, the decision with provenance, local times and the original input', () => {
		const entry = recorded(preToolUse({ tool: shellTool('make deploy') }), { decision: DENY });
		const text = renderEventDocument(entry, TIME);
		expect(text.split('\n')[0]).toBe('# denied · run\\_in\\_terminal · make deploy');
		expect(text).toContain('```\nmake deploy\n```');
		expect(text).toMatch(/\*\*Decided by:\*\* rule `no-deploy` .*\(workspace settings/);
		expect(text).toContain(`- **When:** d${entry.receivedAt}, answered by this window in 4 ms`);
		const record = /```json\n([\s\S]*)\n```/.exec(text)?.[1] ?? '';
		expect(JSON.parse(record)).toMatchObject({
			event: 'PreToolUse',
			decision: { verdict: 'deny', decidedBy: { ruleId: 'no-deploy' } },
			originalInput: { command: 'make deploy' },
		});
	});

	it('a session is named by its first prompt and the local time it began', () => {
		const day = Date.UTC(2026, 10, 27, 12);
		const facts = { startedAt: day, lastAt: day, events: 3, denied: 1 };
		expect(
			presentSession('3f678c70-5199', { ...facts, title: 'Clean up' }, TIME, day),
		).toMatchObject({
			label: '“Clean up”',
			description: `t${day} · 1 denied`,
		});
		expect(presentSession('3f678c70-5199', facts, TIME, day).label).toBe(`Session at t${day}`);
		expect(presentSession('3f678c70-5199', facts, TIME, day).tooltip).toContain(
			'Session 3f678c70-5199',
		);
	});

	it('names the harness that ran the session, short in the row and in full in the tooltip', () => {
		const model = new EventsModel();
		model.add(recorded({ ...sessionStart(), harness: 'agentHost' }));
		const node = model.children(undefined).find((n) => n.kind === 'session');
		expect(node?.kind === 'session' && node.harness).toBe('agentHost');
		const view = presentSession(
			's',
			{ startedAt: 0, lastAt: 0, events: 1, denied: 1, harness: 'agentHost' },
			TIME,
			0,
		);
		expect(view.description).toBe('Copilot harness · 1 denied');
		expect(view.tooltip).toMatch(/^Session s in VS Code Copilot harness \(Agent Host\)\n/m);
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
		expect(labels(model, s1)).toEqual(['pwd · no rule', 'a:s1:call_1', 'started · session · new']);
		expect(labels(model, model.children(s1)[1])).toEqual(['ls · no rule']);
	});

	it('refreshes only the session that changed, unless the top level changed', () => {
		const model = new EventsModel();
		expect(model.add(recorded(sessionStart()))).toEqual({ root: true });
		const change = model.add(recorded(sessionStart()));
		expect('nodes' in change && change.nodes.map((n) => n.key)).toEqual(['s:s1']);
		expect(model.add(recorded(sessionStart(), { sessionId: 's2' }))).toEqual({ root: true });
		expect(model.add(recorded(sessionStart()))).toEqual({ root: true });
	});

	it('names a session by its first prompt', () => {
		const model = new EventsModel();
		model.add(recorded(sessionStart()));
		model.add(recorded(userPrompt('Clean up my home folder.')));
		model.add(recorded(userPrompt('And then stop.')));
		const session = model.children()[0];
		expect(session?.kind === 'session' && session.title).toBe('Clean up my home folder.');
	});

	it('searches by words, verdict, tool, rule and event, and counts what it shows', () => {
		const model = new EventsModel();
		model.add(recorded(userPrompt('Ship it')));
		model.add(recorded(preToolUse({ tool: shellTool('make deploy') }), { decision: DENY }));
		model.add(recorded(preToolUse({ tool: shellTool('ls') })));
		model.add(recorded(postToolUse({ tool: shellTool('ls') })));
		model.add(recorded(sessionStart()));
		const shown = (query: string) => {
			model.setFilter(parseEventQuery(query));
			const top = model.children()[0];
			return top ? labels(model, top) : [];
		};
		expect(shown('verdict:deny')).toEqual(['make deploy · denied']);
		expect(shown('rule:NO-DEP')).toEqual(['make deploy · denied']);
		expect(shown('event:post')).toEqual(['ls · ran']);
		expect(shown('tool:terminal ls')).toEqual(['ls · ran', 'ls · no rule']);
		expect(shown('ci')).toEqual(['make deploy · denied']);
		expect(model.visibleTotal()).toBe(1);
		expect(shown('verdict:ask')).toEqual([]);
		expect(model.vocabulary()).toEqual({ tools: ['run_in_terminal'], rules: ['no-deploy'] });
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
		expect(labels(model, top[0])[0]).toBe('echo 24999 · no rule');
		expect(labels(model, top.at(-1)).at(-1)).toBe('echo 15000 · no rule');
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
