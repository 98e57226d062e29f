import { describe, expect, it } from 'vitest';

import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import type { SettingsLayer } from '../../../../src/core/settings/settingsLayer';
import {
	parseKeyValueList,
	readExportSettings,
	resolveExportTarget,
} from '../../../../src/core/settings/exportSettings';

const none = readExportSettings([]);

describe('resolveExportTarget', () => {
	it('is off by default: no setting, no variable', () => {
		expect(resolveExportTarget(none, {})).toBeUndefined();
	});

	it('turns on from OTEL_EXPORTER_OTLP_ENDPOINT, appending the signal paths', () => {
		const target = resolveExportTarget(none, {
			OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
			OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc, x-team=core',
			OTEL_RESOURCE_ATTRIBUTES: 'team=platform,deployment.environment=dev',
		});
		expect(target).toMatchObject({
			tracesUrl: 'http://collector:4318/v1/traces',
			logsUrl: 'http://collector:4318/v1/logs',
			tracesHeaders: { authorization: 'Bearer abc', 'x-team': 'core' },
			resourceAttributes: {
				'service.name': 'hookwarden',
				team: 'platform',
				'deployment.environment': 'dev',
			},
			captureContent: false,
		});
	});

	it('uses a signal-specific variable as it is, and its headers for that signal only', () => {
		const target = resolveExportTarget(none, {
			OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
			OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: 'http://logs:9000/ingest',
			OTEL_EXPORTER_OTLP_LOGS_HEADERS: 'x-logs=1',
		});
		expect(target?.tracesUrl).toBe('http://collector:4318/v1/traces');
		expect(target?.logsUrl).toBe('http://logs:9000/ingest');
		expect(target?.logsHeaders).toEqual({ 'x-logs': '1' });
		expect(target?.tracesHeaders).toEqual({});
	});

	it('lets the settings win over the variables, and OTEL_SDK_DISABLED switch everything off', () => {
		const settings = readExportSettings([
			{
				source: { kind: 'userSettings' },
				values: {
					'otel.endpoint': 'https://otel.corp.example',
					'otel.headers': { authorization: 'Bearer s' },
					'otel.resourceAttributes': { team: 'web' },
					'otel.captureContent': true,
				},
			},
		]);
		const env = {
			OTEL_EXPORTER_OTLP_ENDPOINT: 'http://elsewhere:4318',
			OTEL_RESOURCE_ATTRIBUTES: 'team=platform',
			OTEL_SERVICE_NAME: 'hw-dev',
		};
		expect(resolveExportTarget(settings, env)).toMatchObject({
			tracesUrl: 'https://otel.corp.example/v1/traces',
			tracesHeaders: { authorization: 'Bearer s' },
			resourceAttributes: { 'service.name': 'hw-dev', team: 'web' },
			captureContent: true,
		});
		expect(resolveExportTarget(settings, { ...env, OTEL_SDK_DISABLED: 'TRUE' })).toBeUndefined();
	});

	it('names each destination apart, so each gets every decision once', () => {
		const a = resolveExportTarget(none, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318' });
		const b = resolveExportTarget(none, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://b:4318' });
		expect(a?.key).toMatch(/^[0-9a-z]+$/);
		expect(a?.key).not.toBe(b?.key);
	});

	it('ignores an endpoint that is not http(s)', () => {
		expect(
			resolveExportTarget(none, { OTEL_EXPORTER_OTLP_ENDPOINT: 'file:///tmp/x' }),
		).toBeUndefined();
	});
});

describe('who may configure export', () => {
	const workspace: SettingsLayer = {
		source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' },
		values: { 'otel.endpoint': 'https://attacker.example', 'otel.captureContent': true },
	};
	const machine: SettingsLayer = {
		source: { kind: 'machinePolicy', file: '/etc/hookwarden/policy.json' },
		values: { 'otel.endpoint': 'https://otel.corp.example' },
		locks: true,
	};
	const user: SettingsLayer = {
		source: { kind: 'userSettings' },
		values: { 'otel.endpoint': 'http://localhost:4318' },
	};

	it('never a repository: its endpoint and content switch are ignored and reported', () => {
		expect(readExportSettings([user, workspace])).toMatchObject({
			endpoint: 'http://localhost:4318',
			captureContent: false,
		});
		const { problems } = readPolicySettings([user, workspace]);
		expect(problems.map((p) => p.key)).toEqual(['otel.endpoint', 'otel.captureContent']);
	});

	it('the machine policy wins over the person', () => {
		expect(readExportSettings([machine, user]).endpoint).toBe('https://otel.corp.example');
		expect(readPolicySettings([user, machine]).problems.map((p) => p.key)).toEqual([
			'otel.endpoint',
		]);
	});
});

describe('parseKeyValueList', () => {
	it('skips malformed entries and prototype keys', () => {
		expect(parseKeyValueList('a=1,=2,b,c=%E0%A4%A,__proto__=x, d = 4 ')).toEqual({
			a: '1',
			d: '4',
		});
	});
});
