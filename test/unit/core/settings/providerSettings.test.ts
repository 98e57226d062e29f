import { describe, expect, it } from 'vitest';

import { HOOK_EVENT_NAMES } from '../../../../src/core/events/hookEventName';
import type { SettingsLayer } from '../../../../src/core/settings/settingsLayer';
import {
	isLoopbackUrl,
	providerEvents,
	readProviderSettings,
} from '../../../../src/core/settings/providerSettings';

const user = (providers: unknown): SettingsLayer => ({
	source: { kind: 'userSettings', file: '/home/me/settings.json' },
	values: { providers },
});
const workspace = (providers: unknown, tightenOnly?: boolean): SettingsLayer => ({
	source: { kind: 'workspaceSettings', file: '/w/.vscode/settings.json' },
	values: { providers },
	...(tightenOnly !== undefined && { tightenOnly }),
});
const trusted = { workspaceTrusted: () => true };
const untrusted = { workspaceTrusted: () => false };
const command = { id: 'guard', type: 'command', command: 'sh', args: ['-c', 'exit 0'] };
const http = { id: 'audit', type: 'http', url: 'http://127.0.0.1:9000/hook' };

describe('readProviderSettings', () => {
	it('reads both kinds with their source, user layers first', () => {
		const { providers, problems } = readProviderSettings(
			[user([command]), workspace([http])],
			trusted,
		);
		expect(problems).toEqual([]);
		expect(providers).toEqual([
			{ ...command, source: { kind: 'userSettings', file: '/home/me/settings.json' } },
			{ ...http, source: { kind: 'workspaceSettings', file: '/w/.vscode/settings.json' } },
		]);
	});

	it.each<[string, SettingsLayer, boolean]>([
		['untrusted workspace', workspace([command]), false],
		['tightenOnly workspace layer, even when trusted', workspace([command], true), true],
	])('skips command providers from an %s', (_, layer, isTrusted) => {
		const { providers, problems } = readProviderSettings([layer], {
			workspaceTrusted: () => isTrusted,
		});
		expect(providers).toEqual([]);
		expect(problems[0]?.message).toMatch(/trusted workspace/);
	});

	it('runs command providers from user settings even in an untrusted workspace', () => {
		expect(readProviderSettings([user([command])], untrusted).providers).toHaveLength(1);
	});

	it.each<[string, SettingsLayer, boolean, boolean]>([
		['an untrusted workspace', workspace([http]), false, true],
		['a tightenOnly layer of a trusted window', workspace([http], true), true, true],
		['a trusted workspace', workspace([http]), true, false],
		['user settings in an untrusted window', user([http]), false, false],
	])('marks an http provider from %s as one that may only tighten', (_, layer, isTrusted, only) => {
		const { providers } = readProviderSettings([layer], { workspaceTrusted: () => isTrusted });
		expect(providers).toHaveLength(1);
		expect(providers[0]?.tightenOnly === true).toBe(only);
	});

	it('lets workspace http providers reach loopback only; user settings any host', () => {
		const remote = { ...http, url: 'https://hooks.example.com/x' };
		expect(readProviderSettings([workspace([remote])], trusted)).toMatchObject({
			providers: [],
			problems: [
				{
					key: 'providers[0]',
					message: expect.stringMatching(/only reach this machine/) as unknown,
				},
			],
		});
		expect(readProviderSettings([user([remote])], trusted).providers).toHaveLength(1);
	});

	it.each<[string, unknown, RegExp]>([
		['a missing id', { type: 'command', command: 'x' }, /id/],
		['a reserved id', { ...command, id: 'hookwarden.policy' }, /hookwarden\./],
		['an unknown type', { id: 'x', type: 'grpc' }, /./],
		['a typo', { ...command, failAcion: 'block' }, /./],
		['an unknown event', { ...command, events: ['PreToolUsage'] }, /events/],
		['a timeout too long', { ...command, timeoutMs: 600_000 }, /./],
		['a bad failAction', { ...command, failAction: 'panic' }, /./],
		['a URL that is not http', { ...http, url: 'file:///etc/passwd' }, /./],
	])('skips %s with a problem and keeps the rest', (_, entry, message) => {
		const { providers, problems } = readProviderSettings([user([entry, http])], trusted);
		expect(providers.map((p) => p.id)).toEqual(['audit']);
		expect(problems).toHaveLength(1);
		expect(problems[0]).toMatchObject({ key: 'providers[0]' });
		expect(problems[0]?.message).toMatch(message);
		expect(problems[0]?.message).toMatch(/provider skipped\.$/);
	});

	it('keeps the first of two providers with one id', () => {
		const { providers, problems } = readProviderSettings(
			[user([command]), workspace([{ ...http, id: 'guard' }])],
			trusted,
		);
		expect(providers).toHaveLength(1);
		expect(providers[0]?.type).toBe('command');
		expect(problems[0]?.message).toMatch(/already has this id/);
	});

	it('reports a value that is not an array', () => {
		expect(readProviderSettings([user({})], trusted).problems[0]?.message).toMatch(/array/);
	});

	it('answers every event unless events are listed', () => {
		expect(providerEvents({ ...http, type: 'http' })).toHaveLength(HOOK_EVENT_NAMES.length);
		expect(providerEvents({ ...http, type: 'http', events: ['Stop'] })).toEqual(['Stop']);
	});
});

describe('isLoopbackUrl', () => {
	it.each([
		['http://localhost:8080/x', true],
		['http://127.0.0.1/x', true],
		['http://127.1.2.3/x', true],
		['http://[::1]:9000/', true],
		['http://example.com/', false],
		['http://127.0.0.1.example.com/', false],
		['http://localhost.evil.com/', false],
		['not a url', false],
	])('%s → %s', (url, expected) => {
		expect(isLoopbackUrl(url)).toBe(expected);
	});
});

describe('providers from the machine policy', () => {
	it('may reach any host and run commands, as user settings may', () => {
		const { providers, problems } = readProviderSettings(
			[
				{
					source: { kind: 'machinePolicy', file: '/etc/hookwarden/policy.json' },
					locks: true,
					values: {
						providers: [
							{ id: 'corp-guard', type: 'http', url: 'https://guard.example.com/hook' },
							{ id: 'corp-scan', type: 'command', command: '/opt/corp/scan' },
						],
					},
				},
			],
			{ workspaceTrusted: () => false },
		);
		expect(problems).toEqual([]);
		expect(providers.map((p) => p.id)).toEqual(['corp-guard', 'corp-scan']);
	});
});
