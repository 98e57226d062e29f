import * as vscode from 'vscode';

import type { HookEventName } from '../../core/events/hookEventName';
import { HOOK_EVENT_NAMES } from '../../core/events/hookEventName';
import type { VerdictFilter } from '../events/eventPresenter';
import { VERDICT_FILTERS } from '../events/eventPresenter';
import type { EventsFilter } from '../events/eventsModel';

const VERDICT_LABELS: Readonly<Record<VerdictFilter, string>> = {
	deny: 'Denied',
	ask: 'Asked',
	allow: 'Allowed',
	none: 'No opinion',
};

/** Lets the person pick the verdicts and event kinds the *Events* view shows; `undefined` when dismissed. */
export async function askForEventsFilter(current: EventsFilter): Promise<EventsFilter | undefined> {
	type Item = vscode.QuickPickItem & { verdict?: VerdictFilter; event?: HookEventName };
	const items: Item[] = [
		{ label: 'Verdict', kind: vscode.QuickPickItemKind.Separator },
		...VERDICT_FILTERS.map((verdict) => ({
			label: VERDICT_LABELS[verdict],
			verdict,
			picked: current.verdicts.has(verdict),
		})),
		{ label: 'Event', kind: vscode.QuickPickItemKind.Separator },
		...HOOK_EVENT_NAMES.map((event) => ({ label: event, event, picked: current.kinds.has(event) })),
	];
	const picked = await vscode.window.showQuickPick(items, {
		title: 'Filter Events',
		placeHolder: 'Show only these verdicts and events (none picked in a group shows all of it)',
		canPickMany: true,
	});
	if (!picked) {
		return undefined;
	}
	return {
		verdicts: new Set(picked.flatMap((i) => (i.verdict ? [i.verdict] : []))),
		kinds: new Set(picked.flatMap((i) => (i.event ? [i.event] : []))),
	};
}
