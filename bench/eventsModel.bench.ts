// The Events view under a long session: 25,000 answered shell calls over 25 sessions into a model bounded at 10,000,
// then the top level and the newest and oldest kept sessions listed as the tree would show them. This was a timed
// assertion in test/unit/ui/events/eventsModel.test.ts; the unit test keeps the behaviour, this keeps the speed.
import { performance } from 'node:perf_hooks';

import type { HookEvent } from '../src/core/events/hookEvent';
import type { RecordedEvent } from '../src/core/sessions/recordedEvent';
import { toolCallOf } from '../src/core/reading/tools/toolCallOf';
import { presentEvent } from '../src/ui/events/eventPresenter';
import { EventsModel } from '../src/ui/events/eventsModel';

const EVENTS = 25_000;
const LIMIT = 10_000;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function recorded(sequence: number): RecordedEvent {
	const event: HookEvent = {
		name: 'PreToolUse',
		dialect: 'vscode',
		timestamp: '2026-11-25T00:00:00.000Z',
		sessionId: 's1',
		cwd: '/ws',
		tool: toolCallOf('run_in_terminal', { command: `echo ${sequence}` }, { cwd: '/ws' }),
	};
	return {
		sequence,
		event,
		sessionId: `s${Math.floor(sequence / 1000)}`,
		decision: { contributors: [], failures: [] },
		origin: 'window',
		receivedAt: 1_000 + sequence,
		answeredAt: 1_004 + sequence,
	};
}

/** One round: the same work the unit test used to time, checked so a round that did less cannot look fast. */
function round(): number {
	const start = performance.now();
	const model = new EventsModel(LIMIT);
	for (let i = 0; i < EVENTS; i++) {
		model.add(recorded(i));
	}
	const top = model.children();
	const newest = model
		.children(top[0])
		.map((n) => (n.kind === 'event' ? presentEvent(n.entry).label : n.key));
	const oldest = model
		.children(top.at(-1))
		.map((n) => (n.kind === 'event' ? presentEvent(n.entry).label : n.key));
	const ms = performance.now() - start;
	if (
		model.size !== LIMIT ||
		top.length !== 10 ||
		newest[0] !== `echo ${EVENTS - 1} · no rule` ||
		oldest.at(-1) !== `echo ${EVENTS - LIMIT} · no rule`
	) {
		throw new Error('eventsModel bench: the model did not keep the newest 10,000 events');
	}
	return ms;
}

export function run(): { events: number; limit: number; medianMs: number; maxMs: number } {
	const times = Array.from({ length: 7 }, round);
	return { events: EVENTS, limit: LIMIT, medianMs: median(times), maxMs: Math.max(...times) };
}
