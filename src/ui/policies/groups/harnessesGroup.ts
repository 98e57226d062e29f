import type { Harness } from '../../../core/events/harness';
import { HARNESS_NAMES, HARNESSES, harnessOf } from '../../../core/events/harness';
import type { HookEventName } from '../../../core/events/hookEventName';
import { HOOK_EVENT_NAMES } from '../../../core/events/hookEventName';
import type { PolicyFeature, PolicyUse } from '../../../core/sessions/harnessCoverage';
import { FEATURE_NAMES, HARNESS_FACTS, inertUses } from '../../../core/sessions/harnessCoverage';
import type { RecordedEvent } from '../../../core/sessions/recordedEvent';
import type { PolicyNodeView } from './policyNode';

/** One harness that sent events to this window, and which events it sent. */
export interface SeenHarness {
	readonly harness: Harness;
	readonly events: ReadonlySet<HookEventName>;
}

/** What the coverage group is built from: the harnesses seen, and the parts of the policy that need a harness. */
export interface CoverageInput {
	readonly seen: readonly SeenHarness[];
	readonly uses: readonly PolicyUse[];
}

/** The harnesses the recorded events came from, in {@link HARNESSES} order, each with the events it sent. */
export function seenHarnesses(events: readonly RecordedEvent[]): SeenHarness[] {
	const seen = new Map<Harness, Set<HookEventName>>();
	for (const { event } of events) {
		const harness = event.harness ?? harnessOf(event.dialect);
		const names = seen.get(harness) ?? new Set<HookEventName>();
		names.add(event.name);
		seen.set(harness, names);
	}
	return HARNESSES.filter((h) => seen.has(h)).map((harness) => ({
		harness,
		events: seen.get(harness)!,
	}));
}

/**
 * The *Policies* view's group "Harnesses Seen": for each harness that sent events here, the events it runs and never
 * runs, the parts of the policy it was measured to honour (with what else was seen) or never measured on, and every rule or setting in
 * force that is inert there (a Stop gate in a harness that never runs Stop is marked, not silently ignored).
 * `undefined` until an event arrived.
 */
export function presentCoverage(input: CoverageInput): PolicyNodeView | undefined {
	if (input.seen.length === 0) {
		return undefined;
	}
	const children = input.seen.map((seen) => presentHarness(seen, input.uses));
	const inert = children.reduce(
		(n, child) => n + (child.contextValue.endsWith('+inert') ? 1 : 0),
		0,
	);
	return {
		key: 'g:harnesses',
		label: 'Harnesses Seen',
		description: inert > 0 ? `${inert} with inert rules` : `${children.length}`,
		tooltip:
			'The agent runtimes that sent hook events to this window: what each runs and which of Hookwarden’s answers it acts on.',
		iconId: 'server-environment',
		contextValue: 'hookwarden:policyGroup',
		children,
	};
}

function presentHarness(seen: SeenHarness, uses: readonly PolicyUse[]): PolicyNodeView {
	const name = HARNESS_NAMES[seen.harness];
	const facts = HARNESS_FACTS[seen.harness];
	const key = `h:${seen.harness}`;
	const seenNames = HOOK_EVENT_NAMES.filter((e) => seen.events.has(e));
	if (!facts) {
		return {
			key,
			label: name,
			description: 'not measured',
			tooltip: `Hookwarden has not measured which events ${name} runs or which answers it honours. Seen here: ${seenNames.join(', ')}.`,
			iconId: 'question',
			contextValue: 'hookwarden:harness+unmeasured',
			children: [line(`${key}:seen`, 'Seen here', seenNames)],
		};
	}
	const runs = HOOK_EVENT_NAMES.filter((e) => facts.runs.includes(e) || seen.events.has(e));
	const never = HOOK_EVENT_NAMES.filter((e) => !runs.includes(e));
	const features = Object.keys(FEATURE_NAMES) as PolicyFeature[];
	const honoured = features.filter((f) => facts.features[f] !== undefined);
	const unmeasured = features.filter((f) => facts.features[f] === undefined);
	const inert = inertUses(seen.harness, uses);
	const caveats = honoured.flatMap((f) => {
		const caveat = facts.features[f]?.caveat;
		return caveat ? [{ feature: f, caveat }] : [];
	});
	return {
		key,
		label: name,
		description:
			inert.length > 0
				? `${inert.length} inert here`
				: `runs ${runs.length} events · honours ${honoured.length}`,
		tooltip: `Measured on ${facts.measured}.`,
		iconId: inert.length > 0 ? 'warning' : 'vm',
		...(inert.length > 0 && { iconColorId: 'list.warningForeground' }),
		contextValue: `hookwarden:harness${inert.length > 0 ? '+inert' : ''}`,
		children: [
			...inert.map(({ use, why }) => ({
				key: `${key}:inert:${use.what}`,
				label: use.what,
				description: `inert: ${why}`,
				tooltip: `${use.what} (${FEATURE_NAMES[use.feature]}) does nothing in ${name}: ${why}.`,
				iconId: 'warning',
				iconColorId: 'list.warningForeground',
				contextValue: 'hookwarden:harnessFact+inert',
			})),
			line(`${key}:runs`, 'Runs', runs),
			...(never.length > 0 ? [line(`${key}:never`, 'Never runs', never)] : []),
			line(
				`${key}:honours`,
				'Honours',
				honoured.map((f) => FEATURE_NAMES[f]),
			),
			...caveats.map(({ feature, caveat }) => ({
				key: `${key}:caveat:${feature}`,
				label: FEATURE_NAMES[feature],
				description: caveat,
				tooltip: `${FEATURE_NAMES[feature]} in ${name}: ${caveat}.`,
				iconId: 'info',
				contextValue: 'hookwarden:harnessFact',
			})),
			...(unmeasured.length > 0
				? [
						line(
							`${key}:unmeasured`,
							'Not measured',
							unmeasured.map((f) => FEATURE_NAMES[f]),
						),
					]
				: []),
		],
	};
}

function line(key: string, label: string, items: readonly string[]): PolicyNodeView {
	const text = items.length > 0 ? items.join(', ') : 'nothing';
	return {
		key,
		label,
		description: text,
		tooltip: `${label}: ${text}`,
		iconId: 'list-flat',
		contextValue: 'hookwarden:harnessFact',
	};
}
