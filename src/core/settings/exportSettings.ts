import type { SettingsLayer } from './settingsLayer';
import { setting } from '../util/lazySchema';
import * as z from '../util/zod';

function stringMap() {
	return z.record(z.string(), z.string());
}

/**
 * The `hookwarden.otel.*` settings: where decisions are exported over OTLP/HTTP and what goes with them. Part of the
 * policy settings table (so the manifest check and unknown-key warnings see them) but read on their own by
 * {@link readExportSettings}, from user settings and the machine policy only: a cloned repository must not be able to
 * send the decisions made in it (or their content) to a host of its choosing.
 */
export const EXPORT_SETTINGS = {
	'otel.endpoint': setting(
		() => z.string().check(z.regex(/^(https?:\/\/\S+)?$/, 'Must be an http: or https: URL')),
		'',
	),
	'otel.headers': setting(stringMap, {}),
	'otel.resourceAttributes': setting(stringMap, {}),
	'otel.captureContent': setting(() => z.boolean(), false),
} as const;

/** The export keys as written in settings (without the prefix). */
export type ExportSettingKey = keyof typeof EXPORT_SETTINGS;

/** Whether a layer may set the export settings: the person's own settings or the administrator's machine policy. */
export function mayConfigureExport(layer: SettingsLayer): boolean {
	return layer.source.kind === 'userSettings' || layer.source.kind === 'machinePolicy';
}

/** The export settings in force: the strongest valid value of each key among the layers that may set them. */
export interface ExportSettings {
	readonly endpoint: string;
	readonly headers: Readonly<Record<string, string>>;
	readonly resourceAttributes: Readonly<Record<string, string>>;
	readonly captureContent: boolean;
}

/** Reads the export settings from settings layers, weakest first; the machine policy (a locking layer) wins. */
export function readExportSettings(layers: readonly SettingsLayer[]): ExportSettings {
	const allowed = [
		...layers.filter((l) => mayConfigureExport(l) && !l.locks),
		...layers.filter((l) => mayConfigureExport(l) && l.locks),
	];
	const value = <K extends ExportSettingKey>(
		key: K,
	): z.infer<(typeof EXPORT_SETTINGS)[K]['schema']> => {
		let found: unknown = EXPORT_SETTINGS[key].default;
		for (const layer of allowed) {
			const written = layer.values[key];
			const parsed = EXPORT_SETTINGS[key].schema.safeParse(written);
			if (written !== undefined && parsed.success) {
				found = parsed.data;
			}
		}
		return found as z.infer<(typeof EXPORT_SETTINGS)[K]['schema']>;
	};
	return {
		endpoint: value('otel.endpoint').trim(),
		headers: value('otel.headers'),
		resourceAttributes: value('otel.resourceAttributes'),
		captureContent: value('otel.captureContent'),
	};
}

/** Everything an exporter needs: where each signal goes, with which headers, and what describes the sender. */
export interface ExportTarget {
	readonly tracesUrl: string;
	readonly logsUrl: string;
	readonly tracesHeaders: Readonly<Record<string, string>>;
	readonly logsHeaders: Readonly<Record<string, string>>;
	/** `service.name` and the rest of the resource, from `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES` and settings. */
	readonly resourceAttributes: Readonly<Record<string, string>>;
	readonly captureContent: boolean;
	/** Names the destination in file names (the export cursor): each destination gets every decision once. */
	readonly key: string;
}

const SIGNAL_PATHS = { traces: 'v1/traces', logs: 'v1/logs' } as const;

/**
 * Where decisions go, from the settings and the standard OpenTelemetry variables, or `undefined` when export is off
 * (the default: no endpoint in settings or in `OTEL_EXPORTER_OTLP_ENDPOINT` and its signal-specific variants, or
 * `OTEL_SDK_DISABLED=true`). A setting wins over a variable; a signal-specific variable wins over the general one and
 * is used as it is, while the general endpoint and the setting get `/v1/traces` or `/v1/logs` appended, as the
 * OTLP/HTTP specification says. A pure function of its inputs, so the window, the bridge and the shipper agree.
 */
export function resolveExportTarget(
	settings: ExportSettings,
	env: Readonly<Record<string, string | undefined>>,
): ExportTarget | undefined {
	if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') {
		return undefined;
	}
	const urlFor = (signal: 'traces' | 'logs'): string | undefined => {
		if (settings.endpoint !== '') {
			return withPath(settings.endpoint, SIGNAL_PATHS[signal]);
		}
		const specific = env[`OTEL_EXPORTER_OTLP_${signal.toUpperCase()}_ENDPOINT`]?.trim();
		if (specific) {
			return specific;
		}
		const general = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
		return general ? withPath(general, SIGNAL_PATHS[signal]) : undefined;
	};
	const tracesUrl = urlFor('traces');
	const logsUrl = urlFor('logs');
	if (
		tracesUrl === undefined ||
		logsUrl === undefined ||
		!isHttpUrl(tracesUrl) ||
		!isHttpUrl(logsUrl)
	) {
		return undefined;
	}
	const headersFor = (signal: 'TRACES' | 'LOGS') => ({
		...parseKeyValueList(env.OTEL_EXPORTER_OTLP_HEADERS),
		...parseKeyValueList(env[`OTEL_EXPORTER_OTLP_${signal}_HEADERS`]),
		...settings.headers,
	});
	const serviceName = env.OTEL_SERVICE_NAME?.trim();
	return {
		tracesUrl,
		logsUrl,
		tracesHeaders: headersFor('TRACES'),
		logsHeaders: headersFor('LOGS'),
		resourceAttributes: {
			'service.name': 'hookwarden',
			...parseKeyValueList(env.OTEL_RESOURCE_ATTRIBUTES),
			...(serviceName ? { 'service.name': serviceName } : {}),
			...settings.resourceAttributes,
		},
		captureContent: settings.captureContent,
		key: destinationKey(`${tracesUrl} ${logsUrl}`),
	};
}

function withPath(base: string, path: string): string {
	return `${base.replace(/\/+$/, '')}/${path}`;
}

function isHttpUrl(text: string): boolean {
	return /^https?:\/\/[^\s/]+/i.test(text);
}

/**
 * Reads `key1=value1,key2=value2` as the OpenTelemetry variables write it (`OTEL_RESOURCE_ATTRIBUTES`,
 * `OTEL_EXPORTER_OTLP_HEADERS`): values percent-decoded, blanks trimmed, malformed entries skipped.
 */
export function parseKeyValueList(text: string | undefined): Record<string, string> {
	const result: Record<string, string> = {};
	for (const entry of (text ?? '').split(',')) {
		const equals = entry.indexOf('=');
		if (equals <= 0) {
			continue;
		}
		const key = entry.slice(0, equals).trim();
		try {
			const value = decodeURIComponent(entry.slice(equals + 1).trim());
			if (key !== '' && key !== '__proto__') {
				result[key] = value;
			}
		} catch {
			// A value with a broken percent escape is skipped, as the SDKs do.
		}
	}
	return result;
}

// FNV-1a, 32 bits, base 36: short, stable, and enough to keep two destinations' cursors apart.
function destinationKey(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
	}
	return (hash >>> 0).toString(36);
}
