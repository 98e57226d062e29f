import * as vscode from 'vscode';

import { HOOK_EVENT_NAMES } from '../../core/events/hookEventName';
import type { EventQuery } from '../events/eventQuery';
import { parseEventQuery } from '../events/eventQuery';
import { VERDICT_FILTERS } from '../events/eventPresenter';

/** What the search box can suggest besides verdicts and events: the tools and rules the view has seen. */
export interface SearchSuggestions {
	readonly tools: readonly string[];
	readonly rules: readonly string[];
}

type Item = vscode.QuickPickItem & { readonly token?: string; readonly accept?: true };

/**
 * The *Events* search box: a quick input where the person types words and fields (`rm verdict:deny tool:bash
 * rule:destructive event:post`); the view filters as they type. Below the box, the fields and values that complete
 * the word being typed, from what the view holds; picking one completes it. Enter keeps the filter; Escape puts the
 * previous one back. Resolves the query kept, or `undefined`.
 */
export function searchEvents(
	current: EventQuery,
	suggestions: SearchSuggestions,
	preview: (query: EventQuery) => void,
): Promise<EventQuery | undefined> {
	const tokens = [
		...VERDICT_FILTERS.map((v) => `verdict:${v}`),
		...suggestions.tools.map((t) => `tool:${t}`),
		...suggestions.rules.map((r) => `rule:${r}`),
		...HOOK_EVENT_NAMES.map((e) => `event:${e}`),
	];
	const box = vscode.window.createQuickPick<Item>();
	box.title = 'Search Events';
	box.placeholder =
		'Words, or verdict:deny  tool:bash  rule:destructiveCommands  event:PostToolUse';
	box.value = current.text;
	box.matchOnDescription = false;
	box.ignoreFocusOut = false;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const refresh = () => {
		const typed = box.value;
		const last = /\S*$/.exec(typed)?.[0] ?? '';
		const completions = (
			last === ''
				? ['verdict:', 'tool:', 'rule:', 'event:']
				: tokens.filter((t) => t.startsWith(last) && t !== last)
		).slice(0, 30);
		box.items = [
			{
				label: typed.trim()
					? `$(search) Show events matching “${typed.trim()}”`
					: '$(list-flat) Show every event',
				alwaysShow: true,
				accept: true,
			},
			...(completions.length > 0
				? [{ label: 'Complete', kind: vscode.QuickPickItemKind.Separator }]
				: []),
			...completions.map((token) => ({ label: token, alwaysShow: true, token })),
		];
		clearTimeout(timer);
		timer = setTimeout(() => preview(parseEventQuery(typed)), 120);
	};
	return new Promise((resolve) => {
		let kept: EventQuery | undefined;
		box.onDidChangeValue(refresh);
		box.onDidAccept(() => {
			const picked = box.selectedItems[0] ?? box.activeItems[0];
			if (picked?.token !== undefined) {
				box.value = `${box.value.replace(/\S*$/, '')}${picked.token}${picked.token.endsWith(':') ? '' : ' '}`;
				refresh();
				return;
			}
			kept = parseEventQuery(box.value);
			box.hide();
		});
		box.onDidHide(() => {
			clearTimeout(timer);
			preview(kept ?? current);
			box.dispose();
			resolve(kept);
		});
		refresh();
		box.show();
	});
}
