import { AUDIT_LOCATION_KEYS } from './auditSettings';
import type { RuleSource } from '../terms/decision';
import { describeSource } from '../policy/describeSource';
import type { SettingsLayer } from './settingsLayer';
import type { SnapshotSettings } from './snapshotSettings';
import { SNAPSHOTS_AT_LEAST_AS_STRICT, snapshotSettingsOf } from './snapshotSettings';
import { EXPORT_SETTINGS, mayConfigureExport } from './exportSettings';
import type * as z from '../util/zod';
import type { PackId } from '../judging/pack';
import { PACK_IDS } from '../judging/pack';
import type { SourcedServerList } from './mcpSettings';
import { readServerList } from './mcpSettings';
import type { RuleException } from './exceptionSchema';
import { exceptionSchema } from './exceptionSchema';
import type { PolicySettingKey, Rule } from './settingsSchema';
import { POLICY_SETTINGS, ruleSchema, SETTINGS_SECTION } from './settingsSchema';

/** A valid rule with where it was configured and its position there, so a person can be sent to it. */
export interface SourcedRule {
	readonly rule: Rule;
	readonly source: RuleSource;
	/** Index in that scope's `hookwarden.rules` array. */
	readonly index: number;
}

/** A valid exception with where it was configured and its position there. */
export interface SourcedException {
	readonly exception: RuleException;
	readonly source: RuleSource;
	/** Index in that scope's `hookwarden.exceptions` array. */
	readonly index: number;
}

/** The effective policy configuration after every layer is applied. */
export interface PolicySettings {
	/** Rules of every layer, in layer order (user before workspace): all of them apply, the most restrictive wins. */
	readonly rules: readonly SourcedRule[];
	/** Exceptions of every layer, in layer order; an untrusted layer contributes none (an exception only loosens). */
	readonly exceptions: readonly SourcedException[];
	readonly defaultVerdict: 'none' | 'ask' | 'allow' | 'deny';
	readonly packs: Readonly<Record<PackId, boolean>>;
	readonly allowedWritePaths: readonly string[];
	readonly maxSubagentsPerSession: number | null;
	readonly sessionStartContext: string;
	readonly subagentStartContext: string;
	readonly failMode: 'open' | 'closed';
	/** Ask about every call Hookwarden cannot fully read (`hookwarden.reading.strict`). */
	readonly readingStrict: boolean;
	readonly approvalMode: 'inline' | 'native';
	readonly approvalTimeoutSeconds: number;
	readonly approvalOnTimeout: 'deny' | 'ask' | 'allow';
	/** What is held before a call that may change files runs (`hookwarden.snapshots.*`). */
	readonly snapshots: SnapshotSettings;
	/** Every layer's MCP server allow-list, machine policy first: a server must be on each (so a layer only narrows). */
	readonly mcpAllowedServers: readonly SourcedServerList[];
	/** Which layer set each non-default value, for provenance. */
	readonly sources: Readonly<Partial<Record<PolicySettingKey, RuleSource>>>;
}

/** One invalid value, skipped, described in one line a person can act on. */
export interface SettingProblem {
	readonly key: string;
	readonly source: RuleSource;
	readonly message: string;
}

/** The result of reading settings: always usable settings, plus what was skipped. */
export interface ReadPolicySettingsResult {
	readonly settings: PolicySettings;
	readonly problems: readonly SettingProblem[];
	/**
	 * Every single-valued setting as it is in force (the default where no layer set one, after trust), keyed without
	 * the prefix; `settings.sources` says which layer set it. For views that show every setting.
	 */
	readonly values: Readonly<Partial<Record<PolicySettingKey, unknown>>>;
}

// Settings read entry by entry or switch by switch, not as one value in force.
const LIST_SETTINGS: ReadonlySet<PolicySettingKey> = new Set([
	'rules',
	'exceptions',
	'packs',
	'providers',
	'mcp.allowedServers',
]);

/** Picks the `hookwarden.*` keys out of a flat settings.json object, stripping the prefix. */
export function hookwardenValues(settingsJson: unknown): Record<string, unknown> {
	const values: Record<string, unknown> = {};
	if (typeof settingsJson !== 'object' || settingsJson === null || Array.isArray(settingsJson)) {
		return values;
	}
	const prefix = `${SETTINGS_SECTION}.`;
	for (const [key, value] of Object.entries(settingsJson)) {
		if (key.startsWith(prefix)) {
			// Defined, not assigned: `hookwarden.__proto__` would otherwise replace the prototype, and every later
			// lookup (`values['audit.path']`) would read what the file put there. As an own key it is reported.
			Object.defineProperty(values, key.slice(prefix.length), {
				value,
				enumerable: true,
				writable: true,
				configurable: true,
			});
		}
	}
	return values;
}

// Keys that reach an object's prototype when assigned, or name its constructor: never a setting or a pack.
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// How strict each verdict a tighten-only layer may set is, weakest first; `none` leaves the call to VS Code.
const DEFAULT_VERDICT_RANK = { allow: 0, none: 1, ask: 2, deny: 3 } as const;
const ON_TIMEOUT_RANK = { allow: 0, ask: 1, deny: 2 } as const;
const FAIL_MODE_RANK = { open: 0, closed: 1 } as const;

/**
 * For the scalar settings a tighten-only layer could loosen: whether its `candidate` is at least as strict as the
 * value the layers below give. Settings not listed here do not make any call more or less likely to run.
 */
const AT_LEAST_AS_STRICT: Partial<
	Record<PolicySettingKey, (candidate: never, below: never) => boolean>
> = {
	defaultVerdict: (c: keyof typeof DEFAULT_VERDICT_RANK, b: keyof typeof DEFAULT_VERDICT_RANK) =>
		DEFAULT_VERDICT_RANK[c] >= DEFAULT_VERDICT_RANK[b],
	failMode: (c: keyof typeof FAIL_MODE_RANK, b: keyof typeof FAIL_MODE_RANK) =>
		FAIL_MODE_RANK[c] >= FAIL_MODE_RANK[b],
	// Reading strictly asks more: it may be turned on, never off.
	'reading.strict': (c: boolean, b: boolean) => c || !b,
	'approval.onTimeout': (c: keyof typeof ON_TIMEOUT_RANK, b: keyof typeof ON_TIMEOUT_RANK) =>
		ON_TIMEOUT_RANK[c] >= ON_TIMEOUT_RANK[b],
	// `null` is no limit at all.
	'subagents.maxPerSession': (c: number | null, b: number | null) =>
		b === null || (c !== null && c <= b),
	// Globs cannot be intersected: a list may only be set where none applies yet (replacing one could widen it).
	allowedWritePaths: (_: readonly string[], b: readonly string[]) => b.length === 0,
	// Where the record of what agents did goes, and how much of it is kept, is never a repository's to choose.
	...Object.fromEntries(AUDIT_LOCATION_KEYS.map((key) => [key, () => false])),
	// Less held, for a shorter time, would make what an agent does there permanent.
	...SNAPSHOTS_AT_LEAST_AS_STRICT,
};

const UNTRUSTED =
	'a workspace that is not trusted (in VS Code, or by hookwarden.trustedFolders when VS Code is closed) may only tighten the policy';

/** What a locking layer (the machine policy) set, which the other layers may only tighten. */
interface Locks {
	readonly source: RuleSource;
	readonly values: Map<PolicySettingKey, unknown>;
	readonly packs: Set<string>;
}

function lockedBy(locks: Locks): string {
	return `locked by the ${describeSource(locks.source, { withFile: true })}`;
}

/**
 * Reads policy settings from layers ordered from weakest to strongest (user, workspace, folder). Scalars take the
 * strongest layer's value; rules accumulate across layers. A {@link SettingsLayer.locks} layer (the machine policy) is
 * read first and what it sets the others may only tighten: a scalar with an order of strictness only becomes
 * stricter, any other scalar stays as it set it, a pack it switched on stays on, and once it sets the default verdict
 * (to anything but `allow`) only its own rules may allow. An invalid value never fails the read: it is skipped with
 * a {@link SettingProblem} and the rest still applies, except an unreadable `failMode`, which fails closed. A
 * {@link SettingsLayer.tightenOnly} layer is applied only where it makes the policy stricter; what it cannot apply is
 * reported.
 */
export function readPolicySettings(layers: readonly SettingsLayer[]): ReadPolicySettingsResult {
	// The machine policy goes first, so the other layers are read against what it locked.
	const ordered = [...layers.filter((l) => l.locks), ...layers.filter((l) => !l.locks)];
	const read = newRead(ordered[0]?.locks ? ordered[0].source : undefined);
	for (const layer of ordered) {
		for (const [key, written] of Object.entries(layer.values)) {
			if (written !== undefined) {
				readSetting(read, layer, key, written);
			}
		}
	}
	applyTimeouts(read);
	return resultOf(read);
}

/** What the layers read so far have set, and what the machine policy locked. */
interface PolicyRead {
	readonly problems: SettingProblem[];
	readonly rules: SourcedRule[];
	readonly exceptions: SourcedException[];
	readonly mcpAllowedServers: SourcedServerList[];
	readonly scalars: Partial<Record<PolicySettingKey, unknown>>;
	readonly sources: Partial<Record<PolicySettingKey, RuleSource>>;
	readonly packs: Record<PackId, boolean>;
	/** Resolved last: whether a shorter timeout loosens depends on the onTimeout every layer ends up with. */
	readonly timeouts: { readonly value: number; readonly layer: SettingsLayer }[];
	readonly locks: Locks | undefined;
}

/** One layer's view of the read: where its problems go and whether the machine policy binds it. */
interface LayerRead {
	readonly read: PolicyRead;
	readonly layer: SettingsLayer;
	readonly report: (key: string, message: string) => void;
	/** The machine policy's locks, when this layer is below them. */
	readonly locks: Locks | undefined;
}

function newRead(lockingSource: RuleSource | undefined): PolicyRead {
	return {
		problems: [],
		rules: [],
		exceptions: [],
		mcpAllowedServers: [],
		scalars: {},
		sources: {},
		packs: Object.fromEntries(PACK_IDS.map((id) => [id, true])) as Record<PackId, boolean>,
		timeouts: [],
		locks: lockingSource && { source: lockingSource, values: new Map(), packs: new Set() },
	};
}

/** A setting's value in force so far: the strongest layer's that set it, else its default. */
function currentValue(read: PolicyRead, key: PolicySettingKey): unknown {
	return key in read.scalars ? read.scalars[key] : POLICY_SETTINGS[key].default;
}

/** Reads one written setting of one layer into the read, reporting what it cannot apply. */
function readSetting(read: PolicyRead, layer: SettingsLayer, key: string, written: unknown): void {
	const view: LayerRead = {
		read,
		layer,
		report: (at, message) => read.problems.push(problem(at, layer.source, message)),
		locks: read.locks !== undefined && !layer.locks ? read.locks : undefined,
	};
	const settingKey = admittedKey(view, key);
	if (settingKey === undefined) {
		return;
	}
	const value = parsedValue(view, settingKey, written);
	if (value === NOT_READ) {
		return;
	}
	if (settingKey === 'mcp.allowedServers') {
		readServerLists(view, value);
		return;
	}
	if (!passesLock(view, settingKey, value)) {
		return;
	}
	if (layer.locks && read.locks && !['rules', 'packs', 'providers'].includes(settingKey)) {
		read.locks.values.set(settingKey, value);
	}
	readValue(view, settingKey, value);
}

/** The setting's key when this layer may set it; otherwise the reason is reported. */
function admittedKey(view: LayerRead, key: string): PolicySettingKey | undefined {
	if (!Object.hasOwn(POLICY_SETTINGS, key)) {
		view.report(key, 'is not a Hookwarden setting; ignored.');
		return undefined;
	}
	const kind = view.layer.source.kind;
	if (key === 'trustedFolders' && kind !== 'userSettings' && kind !== 'machinePolicy') {
		view.report(key, 'is read from user settings only (a folder cannot trust itself); ignored.');
		return undefined;
	}
	if (Object.hasOwn(EXPORT_SETTINGS, key) && !mayConfigureExport(view.layer)) {
		view.report(
			key,
			'is read from user settings and the machine policy only (a repository must not choose where its decisions are sent); ignored.',
		);
		return undefined;
	}
	return key as PolicySettingKey;
}

/** Marks a setting that could not be read (its problem is reported); `undefined` is a value some settings take. */
const NOT_READ = Symbol('not read');

/** The setting's value checked against its schema, or {@link NOT_READ}; an unreadable failMode fails closed. */
function parsedValue(view: LayerRead, key: PolicySettingKey, written: unknown): unknown {
	const ignoredKeys: string[] = [];
	const raw = withoutPrototypeKeys(written, ignoredKeys);
	for (const ignored of ignoredKeys) {
		view.report(key, `the key '${ignored}' is not a setting; ignored.`);
	}
	const parsed = parseSetting(key, raw);
	if (parsed.note) {
		view.report(key, parsed.note);
	}
	if (parsed.ok) {
		return parsed.value;
	}
	if (key !== 'failMode') {
		view.report(key, `${parsed.message}; the default is used.`);
		return NOT_READ;
	}
	// Fail safe: a person who wrote a failMode at all most likely meant to close it.
	view.report(key, `${parsed.message}; Hookwarden fails closed until it is fixed.`);
	view.read.scalars.failMode = 'closed';
	view.read.sources.failMode = view.layer.source;
	if (view.layer.locks) {
		view.read.locks?.values.set('failMode', 'closed');
	}
	return NOT_READ;
}

/** Each layer's MCP server list is kept whole: a call must pass every list, so a lower scope only narrows. */
function readServerLists(view: LayerRead, value: unknown): void {
	if (value === null) {
		return;
	}
	const read = readServerList(value as unknown[], view.layer.source);
	for (const index of read.skipped) {
		view.report(
			`mcp.allowedServers[${index}]`,
			'must be a server name or {name, transport?, url?}; entry skipped.',
		);
	}
	view.read.mcpAllowedServers.push(read.list);
}

/** Whether a value may replace what the machine policy locked: only when it is at least as strict. */
function passesLock(view: LayerRead, key: PolicySettingKey, value: unknown): boolean {
	const locks = view.locks;
	if (!locks?.values.has(key)) {
		return true;
	}
	const locked = locks.values.get(key);
	const stricter = AT_LEAST_AS_STRICT[key] as
		((candidate: unknown, below: unknown) => boolean) | undefined;
	if (stricter?.(value, locked)) {
		return true;
	}
	if (JSON.stringify(value) !== JSON.stringify(locked)) {
		view.report(
			key,
			`is ${lockedBy(locks)}: ${JSON.stringify(value)} would loosen or replace ${JSON.stringify(locked)}, which stays.`,
		);
	}
	return false;
}

/** Applies a value that passed every check: lists accumulate, scalars take the stronger layer's value. */
function readValue(view: LayerRead, key: PolicySettingKey, value: unknown): void {
	switch (key) {
		case 'rules':
			readRules(view, value as unknown[]);
			return;
		case 'exceptions':
			readExceptions(view, value as unknown[]);
			return;
		case 'packs':
			readPacks(view, value as Record<string, boolean | undefined>);
			return;
		case 'approval.timeoutSeconds':
			view.read.timeouts.push({ value: value as number, layer: view.layer });
			return;
		default:
			readScalar(view, key, value);
	}
}

function readRules(view: LayerRead, candidates: readonly unknown[]): void {
	// An allow rule from a weaker layer would loosen a default verdict the machine policy set (none, ask or deny).
	const lockedDefault = view.locks?.values.get('defaultVerdict');
	const onlyMachineAllows = lockedDefault !== undefined && lockedDefault !== 'allow';
	candidates.forEach((candidate, index) => {
		const at = `rules[${index}]`;
		const rule = ruleSchema().safeParse(normaliseVerdict(candidate));
		if (!rule.success) {
			view.report(
				at,
				`${ruleLabel(candidate, index)}: ${describeIssues(rule.error)}; rule skipped.`,
			);
		} else if (
			view.layer.tightenOnly &&
			(rule.data.verdict === 'allow' || rule.data.verdict === 'rewrite')
		) {
			// A rewrite chooses what runs: an untrusted repository must not pick the commands its agent runs.
			view.report(
				at,
				`${ruleLabel(candidate, index)}: ${UNTRUSTED}, so its ${rule.data.verdict} rules are skipped.`,
			);
		} else if (view.locks && onlyMachineAllows && rule.data.verdict === 'allow') {
			view.report(
				at,
				`${ruleLabel(candidate, index)}: the default verdict is ${lockedBy(view.locks)}, so only the machine policy may allow; rule skipped.`,
			);
		} else {
			view.read.rules.push({ rule: rule.data, source: view.layer.source, index });
		}
	});
}

function readExceptions(view: LayerRead, candidates: readonly unknown[]): void {
	candidates.forEach((candidate, index) => {
		const parsed = exceptionSchema().safeParse(candidate);
		if (!parsed.success) {
			view.report(`exceptions[${index}]`, `${describeIssues(parsed.error)}; exception skipped.`);
		} else if (view.layer.tightenOnly) {
			view.report(`exceptions[${index}]`, `${UNTRUSTED}, so its exceptions are skipped.`);
		} else {
			view.read.exceptions.push({ exception: parsed.data, source: view.layer.source, index });
		}
	});
}

/** Pack switches: a pack the machine policy switched on, or that an untrusted layer would switch off, stays on. */
function readPacks(view: LayerRead, switches: Record<string, boolean | undefined>): void {
	const { read, layer, locks } = view;
	const untrustedKept: string[] = [];
	const lockedOn: string[] = [];
	let applied = false;
	for (const [id, enabled] of Object.entries(switches)) {
		if (enabled === undefined) {
			continue;
		}
		const on = read.packs[id as PackId];
		if (layer.locks) {
			read.locks?.packs.add(id);
		} else if (locks?.packs.has(id) && !enabled && on) {
			lockedOn.push(id);
			continue;
		}
		if (layer.tightenOnly && !enabled && on) {
			untrustedKept.push(id);
			continue;
		}
		read.packs[id as PackId] = enabled;
		applied = true;
	}
	const quoted = (ids: readonly string[]) => ids.map((id) => `'${id}'`).join(', ');
	if (untrustedKept.length > 0) {
		view.report('packs', `${UNTRUSTED}, so ${quoted(untrustedKept)} stays on.`);
	}
	if (lockedOn.length > 0 && locks) {
		view.report('packs', `${quoted(lockedOn)} is ${lockedBy(locks)}, so it stays on.`);
	}
	// Provenance names the layer whose switches are in force, not one whose switches were all refused.
	if (applied) {
		read.sources.packs = layer.source;
	}
}

/** A scalar takes this layer's value, unless the layer may only tighten and the value is not stricter. */
function readScalar(view: LayerRead, key: PolicySettingKey, value: unknown): void {
	const { read, layer } = view;
	const stricter = AT_LEAST_AS_STRICT[key] as
		((candidate: unknown, below: unknown) => boolean) | undefined;
	const current = currentValue(read, key);
	if (layer.tightenOnly && stricter && !stricter(value, current)) {
		view.report(
			key,
			`${UNTRUSTED}: ${JSON.stringify(value)} is not stricter than ${JSON.stringify(current)}, which stays.`,
		);
		return;
	}
	read.scalars[key] = value;
	read.sources[key] = layer.source;
}

/** With onTimeout `allow`, an unanswered approval is allowed: an untrusted layer's shorter timeout would allow sooner. */
function applyTimeouts(read: PolicyRead): void {
	const allowsOnTimeout = currentValue(read, 'approval.onTimeout') === 'allow';
	for (const { value, layer } of read.timeouts) {
		const below = currentValue(read, 'approval.timeoutSeconds') as number;
		if (layer.tightenOnly && allowsOnTimeout && value < below) {
			read.problems.push(
				problem(
					'approval.timeoutSeconds',
					layer.source,
					`${UNTRUSTED}: with approval.onTimeout "allow" a shorter timeout allows sooner, so ${below} stays.`,
				),
			);
			continue;
		}
		read.scalars['approval.timeoutSeconds'] = value;
		read.sources['approval.timeoutSeconds'] = layer.source;
	}
}

function resultOf(read: PolicyRead): ReadPolicySettingsResult {
	const value = <K extends PolicySettingKey>(key: K) =>
		currentValue(read, key) as z.infer<(typeof POLICY_SETTINGS)[K]['schema']>;
	return {
		settings: {
			rules: read.rules,
			exceptions: read.exceptions,
			defaultVerdict: value('defaultVerdict'),
			packs: read.packs,
			allowedWritePaths: value('allowedWritePaths'),
			maxSubagentsPerSession: value('subagents.maxPerSession'),
			sessionStartContext: value('context.sessionStart'),
			subagentStartContext: value('context.subagentStart'),
			failMode: value('failMode'),
			readingStrict: value('reading.strict'),
			approvalMode: value('approval.mode'),
			approvalTimeoutSeconds: value('approval.timeoutSeconds'),
			approvalOnTimeout: value('approval.onTimeout'),
			snapshots: snapshotSettingsOf({
				'snapshots.enabled': value('snapshots.enabled'),
				'snapshots.maxFileSizeMB': value('snapshots.maxFileSizeMB'),
				'snapshots.maxTotalSizeMB': value('snapshots.maxTotalSizeMB'),
				'snapshots.maxFiles': value('snapshots.maxFiles'),
				'snapshots.retentionDays': value('snapshots.retentionDays'),
				'snapshots.exclude': value('snapshots.exclude'),
			}),
			mcpAllowedServers: read.mcpAllowedServers,
			sources: read.sources,
		},
		problems: read.problems,
		values: Object.fromEntries(
			(Object.keys(POLICY_SETTINGS) as PolicySettingKey[])
				.filter((key) => !LIST_SETTINGS.has(key))
				.map((key) => [key, currentValue(read, key)]),
		),
	};
}

type ParsedSetting =
	| { readonly ok: true; readonly value: unknown; readonly note?: string }
	| { readonly ok: false; readonly message: string; readonly note?: undefined };

/**
 * Validates one value. A word written in another case or with spaces (`"CLOSED"`, `"Deny "`) is read as the word it
 * spells, with a note: dropping it would put the default (often the looser choice) in place of what was meant.
 */
function parseSetting(key: PolicySettingKey, raw: unknown): ParsedSetting {
	const schema = POLICY_SETTINGS[key].schema;
	const parsed = schema.safeParse(raw);
	if (parsed.success) {
		return { ok: true, value: parsed.data };
	}
	if (typeof raw === 'string') {
		const spelled = raw.trim().toLowerCase();
		const again = schema.safeParse(spelled);
		if (again.success && spelled !== raw) {
			return {
				ok: true,
				value: again.data,
				note: `${JSON.stringify(raw)} is read as ${JSON.stringify(spelled)}; write it that way.`,
			};
		}
	}
	return { ok: false, message: describeIssues(parsed.error) };
}

// A rule's verdict in another case (`"Deny"`) is read as the verdict: skipping a deny rule for its spelling loosens.
function normaliseVerdict(candidate: unknown): unknown {
	if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
		return candidate;
	}
	const verdict = (candidate as { verdict?: unknown }).verdict;
	return typeof verdict === 'string'
		? { ...candidate, verdict: verdict.trim().toLowerCase() }
		: candidate;
}

/** A copy of a settings value without prototype keys at any depth; the dropped keys are added to `ignored`. */
function withoutPrototypeKeys(value: unknown, ignored: string[]): unknown {
	if (Array.isArray(value)) {
		return value.map((item) => withoutPrototypeKeys(item, ignored));
	}
	if (typeof value !== 'object' || value === null) {
		return value;
	}
	const copy: Record<string, unknown> = {};
	for (const [key, item] of Object.entries(value)) {
		if (PROTOTYPE_KEYS.has(key)) {
			ignored.push(key);
		} else {
			copy[key] = withoutPrototypeKeys(item, ignored);
		}
	}
	return copy;
}

/** Formats a problem the way every surface shows it: `hookwarden.rules[2] (workspace settings): …`. */
export function describeSettingProblem(p: SettingProblem): string {
	return `${SETTINGS_SECTION}.${p.key} (${describeSource(p.source, { withFile: true })}): ${p.message}`;
}

function problem(key: string, source: RuleSource, message: string): SettingProblem {
	return { key, source, message };
}

function ruleLabel(candidate: unknown, index: number): string {
	const id =
		typeof candidate === 'object' && candidate !== null
			? (candidate as { id?: unknown }).id
			: undefined;
	return typeof id === 'string' ? `rule '${id}'` : `rule ${index + 1}`;
}

function describeIssues(error: z.core.$ZodError): string {
	const more = error.issues.length > 3 ? `; and ${error.issues.length - 3} more` : '';
	return `${error.issues
		.slice(0, 3)
		.map((issue) => {
			const where = issue.path.length > 0 ? `'${issue.path.join('.')}' ` : '';
			if (issue.code === 'unrecognized_keys') {
				return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
			}
			if (issue.code === 'invalid_value') {
				return `${where}must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
			}
			return `${where}${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
		})
		.join('; ')
		.replace(/\s*\n\s*/g, ' ')}${more}`;
}
