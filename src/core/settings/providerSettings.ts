import { HOOK_EVENT_NAMES } from '../events/hookEventName';
import type { HookEventName } from '../events/hookEventName';
import type { SettingProblem } from './readPolicySettings';
import type { SettingsLayer } from './settingsLayer';
import { builtOnFirstUse } from '../util/builtOnFirstUse';
import * as z from '../util/zod';
import type { FailAction, RuleSource } from '../terms/decision';

/** Fail actions in the order the settings schema lists them. */
export const FAIL_ACTIONS = ['warn', 'block', 'ignore'] as const satisfies readonly FailAction[];

/** The longest a settings provider may be given for one event, in milliseconds. */
export const MAX_PROVIDER_TIMEOUT_MS = 60_000;

/**
 * One entry of `hookwarden.providers`: a command spawned without a shell, or an HTTP endpoint POSTed to, with the hook
 * payload as JSON. Unknown keys are errors so a typo (`failAcion`) is reported instead of silently changing behaviour.
 */
export const providerEntrySchema = builtOnFirstUse(() => {
	const common = {
		id: z
			.string()
			.check(z.minLength(1), z.regex(/^(?!hookwarden\.)/, 'must not start with hookwarden.')),
		events: z.optional(z.array(z.enum(HOOK_EVENT_NAMES)).check(z.minLength(1))),
		priority: z.optional(z.number().check(z.int())),
		timeoutMs: z.optional(
			z.number().check(z.int(), z.minimum(1), z.maximum(MAX_PROVIDER_TIMEOUT_MS)),
		),
		failAction: z.optional(z.enum(FAIL_ACTIONS)),
	};
	return z.union([
		z.strictObject({
			...common,
			type: z.literal('command'),
			command: z.string().check(z.minLength(1)),
			args: z.optional(z.array(z.string())),
		}),
		z.strictObject({
			...common,
			type: z.literal('http'),
			url: z.url({ protocol: /^https?$/ }),
			headers: z.optional(z.record(z.string(), z.string())),
		}),
	]);
});

/** A provider entry as written in settings, after validation. */
export type ProviderEntry = z.infer<ReturnType<typeof providerEntrySchema>>;

/**
 * A provider entry that may run, with the settings file it came from; `tightenOnly` when it comes from a workspace
 * nobody trusted, whose providers may deny or ask but never allow or rewrite.
 */
export type ProviderConfig = ProviderEntry & {
	readonly source: RuleSource;
	readonly tightenOnly?: boolean;
};

/** The providers that may run, and every entry that was skipped with why. */
export interface ReadProviderSettingsResult {
	readonly providers: readonly ProviderConfig[];
	readonly problems: readonly SettingProblem[];
}

/** Whom a settings layer's providers are trusted by: command providers from an untrusted workspace never run. */
export interface ProviderTrust {
	/** Whether the workspace this layer belongs to is trusted; asked only for workspace and folder layers. */
	readonly workspaceTrusted: (layer: SettingsLayer) => boolean;
}

const LOOPBACK_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether a URL names this machine (`localhost`, `127.x.x.x`, `[::1]`). */
export function isLoopbackUrl(url: string): boolean {
	try {
		return LOOPBACK_HOSTS.test(new URL(url).hostname);
	} catch {
		return false;
	}
}

/**
 * Reads `hookwarden.providers` from every layer (user first). Entries of all layers apply; an id seen twice keeps its
 * first entry. A `command` provider from workspace or folder settings runs only where the workspace is trusted (and
 * never from a `tightenOnly` layer); an `http` provider from workspace or folder settings may only reach loopback,
 * while user settings may name any host, and from an untrusted workspace it may only tighten (`tightenOnly`). Everything skipped is a {@link SettingProblem}, never an exception.
 */
export function readProviderSettings(
	layers: readonly SettingsLayer[],
	trust: ProviderTrust,
): ReadProviderSettingsResult {
	const providers: ProviderConfig[] = [];
	const problems: SettingProblem[] = [];
	const seen = new Set<string>();
	for (const layer of layers) {
		const raw = layer.values.providers;
		if (raw === undefined) {
			continue;
		}
		if (!Array.isArray(raw)) {
			problems.push({
				key: 'providers',
				source: layer.source,
				message: 'must be an array; ignored.',
			});
			continue;
		}
		// The person's own settings and the administrator's machine policy may name any host and run commands.
		const fromWorkspace =
			layer.source.kind !== 'userSettings' && layer.source.kind !== 'machinePolicy';
		raw.forEach((candidate: unknown, index) => {
			const key = `providers[${index}]`;
			const type = (candidate as { type?: unknown } | null)?.type;
			// Parsed against the variant its `type` names, so the problem names the field rather than "Invalid input".
			const variant = providerEntrySchema().def.options.find(
				(option) => option.shape.type.def.values[0] === type,
			);
			if (!variant) {
				problems.push({
					key,
					source: layer.source,
					message: 'type must be "command" or "http"; provider skipped.',
				});
				return;
			}
			const parsed = variant.safeParse(candidate);
			if (!parsed.success) {
				const issue = parsed.error.issues[0];
				const where = issue?.path.length ? `${issue.path.join('.')} ` : '';
				problems.push({
					key,
					source: layer.source,
					message: `${where}${issue?.message ?? 'is invalid'}; provider skipped.`,
				});
				return;
			}
			const entry = parsed.data;
			const skip = (message: string) =>
				problems.push({ key, source: layer.source, message: `'${entry.id}': ${message}` });
			if (seen.has(entry.id)) {
				skip('another provider already has this id; provider skipped.');
				return;
			}
			const untrusted =
				fromWorkspace && (layer.tightenOnly === true || !trust.workspaceTrusted(layer));
			if (entry.type === 'command' && untrusted) {
				skip(
					'command providers from workspace settings run only in a trusted workspace; provider skipped.',
				);
				return;
			}
			if (entry.type === 'http' && fromWorkspace && !isLoopbackUrl(entry.url)) {
				skip(
					'http providers from workspace settings may only reach this machine (localhost, 127.0.0.1, [::1]); define it in user settings to reach another host. Provider skipped.',
				);
				return;
			}
			seen.add(entry.id);
			providers.push({ ...entry, source: layer.source, ...(untrusted && { tightenOnly: true }) });
		});
	}
	return { providers, problems };
}

/** The events a provider entry answers: its `events`, or every event. */
export function providerEvents(entry: ProviderEntry): readonly HookEventName[] {
	return entry.events ?? HOOK_EVENT_NAMES;
}
