import { describe, expect, it } from 'vitest';

import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import type { SettingsLayer } from '../../../../src/core/settings/settingsLayer';

const MACHINE_FILE = '/etc/hookwarden/policy.json';

const machine = (values: Record<string, unknown>): SettingsLayer => ({
	source: { kind: 'machinePolicy', file: MACHINE_FILE },
	values,
	locks: true,
});
const user = (values: Record<string, unknown>): SettingsLayer => ({
	source: { kind: 'userSettings', file: '/home/u/settings.json' },
	values,
});
const workspace = (values: Record<string, unknown>, tightenOnly = false): SettingsLayer => ({
	source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' },
	values,
	tightenOnly,
});

describe('the machine policy locks what it sets', () => {
	it('keeps its fail mode against user and workspace settings that would open it', () => {
		const { settings, problems } = readPolicySettings([
			user({ failMode: 'open' }),
			workspace({ failMode: 'open' }),
			machine({ failMode: 'closed' }),
		]);
		expect(settings.failMode).toBe('closed');
		expect(settings.sources.failMode).toEqual({ kind: 'machinePolicy', file: MACHINE_FILE });
		expect(problems.map((p) => [p.source.kind, p.key])).toEqual([
			['userSettings', 'failMode'],
			['workspaceSettings', 'failMode'],
		]);
		expect(problems[0]?.message).toContain(`locked by the machine policy (${MACHINE_FILE})`);
	});

	it('lets a weaker layer tighten what it locked, never loosen it', () => {
		const tightened = readPolicySettings([
			user({ 'approval.onTimeout': 'deny', 'subagents.maxPerSession': 2 }),
			machine({ 'approval.onTimeout': 'ask', 'subagents.maxPerSession': 5 }),
		]);
		expect(tightened.settings.approvalOnTimeout).toBe('deny');
		expect(tightened.settings.maxSubagentsPerSession).toBe(2);
		expect(tightened.problems).toEqual([]);

		const loosened = readPolicySettings([
			user({ 'approval.onTimeout': 'allow', 'subagents.maxPerSession': null }),
			machine({ 'approval.onTimeout': 'ask', 'subagents.maxPerSession': 5 }),
		]);
		expect(loosened.settings.approvalOnTimeout).toBe('ask');
		expect(loosened.settings.maxSubagentsPerSession).toBe(5);
		expect(loosened.problems).toHaveLength(2);
	});

	it('fixes a setting without an order (the approval mode, the audit path) to its own value', () => {
		const { settings, problems } = readPolicySettings([
			user({ 'approval.mode': 'native' }),
			machine({ 'approval.mode': 'inline' }),
		]);
		expect(settings.approvalMode).toBe('inline');
		expect(problems).toHaveLength(1);
	});

	it('keeps strict reading on where it set it on, and lets a weaker layer turn it on where it set it off', () => {
		const on = readPolicySettings([
			user({ 'reading.strict': false }),
			machine({ 'reading.strict': true }),
		]);
		expect(on.settings.readingStrict).toBe(true);
		expect(on.problems).toHaveLength(1);
		const off = readPolicySettings([
			workspace({ 'reading.strict': true }),
			machine({ 'reading.strict': false }),
		]);
		expect(off.settings.readingStrict).toBe(true);
	});

	it('says nothing when a weaker layer repeats its value', () => {
		const { problems } = readPolicySettings([
			user({ failMode: 'closed' }),
			machine({ failMode: 'closed' }),
		]);
		expect(problems).toEqual([]);
	});

	it('keeps a pack it switched on, and leaves the packs it does not name to the person', () => {
		const { settings, problems } = readPolicySettings([
			user({ packs: { secrets: false, protectedPaths: false } }),
			machine({ packs: { secrets: true } }),
		]);
		expect(settings.packs.secrets).toBe(true);
		expect(settings.packs.protectedPaths).toBe(false);
		expect(problems.map((p) => p.message)).toEqual([
			`'secrets' is locked by the machine policy (${MACHINE_FILE}), so it stays on.`,
		]);
	});

	it('lets a person switch on a pack the machine policy switched off', () => {
		const { settings } = readPolicySettings([
			user({ packs: { secrets: true } }),
			machine({ packs: { secrets: false } }),
		]);
		expect(settings.packs.secrets).toBe(true);
	});

	it('adds its rules first, and keeps every weaker rule while it leaves the default verdict alone', () => {
		const { settings } = readPolicySettings([
			user({ rules: [{ id: 'ok-ls', command: 'ls', verdict: 'allow' }] }),
			machine({ rules: [{ id: 'no-curl', command: 'curl', verdict: 'deny' }] }),
		]);
		expect(settings.rules.map((r) => [r.rule.id, r.source.kind])).toEqual([
			['no-curl', 'machinePolicy'],
			['ok-ls', 'userSettings'],
		]);
	});

	it('once it sets the default verdict, only its own rules may allow', () => {
		const { settings, problems } = readPolicySettings([
			user({
				rules: [
					{ id: 'everything', command: '/.*/', verdict: 'allow' },
					{ id: 'ask-push', command: 'git push', verdict: 'ask' },
				],
			}),
			workspace({ defaultVerdict: 'allow' }),
			machine({
				defaultVerdict: 'ask',
				rules: [{ id: 'ok-tests', command: 'npm test', verdict: 'allow' }],
			}),
		]);
		expect(settings.defaultVerdict).toBe('ask');
		expect(settings.rules.map((r) => r.rule.id)).toEqual(['ok-tests', 'ask-push']);
		expect(problems.map((p) => p.key)).toEqual(['rules[0]', 'defaultVerdict']);
		expect(problems[0]?.message).toContain('only the machine policy may allow');
	});

	it('applies first wherever it stands in the list, and an untrusted workspace still only tightens', () => {
		const { settings, problems } = readPolicySettings([
			machine({ failMode: 'open' }),
			user({}),
			workspace({ failMode: 'closed', rules: [{ command: 'rm', verdict: 'allow' }] }, true),
		]);
		expect(settings.failMode).toBe('closed');
		expect(settings.rules).toEqual([]);
		expect(problems.map((p) => p.key)).toEqual(['rules[0]']);
	});

	it('may set the trusted folders, which a person then cannot widen', () => {
		const { settings, problems } = readPolicySettings([
			user({ trustedFolders: ['/home/u'] }),
			machine({ trustedFolders: ['/srv/repos'] }),
		]);
		expect(problems).toHaveLength(1);
		expect(settings.sources.trustedFolders).toEqual({ kind: 'machinePolicy', file: MACHINE_FILE });
	});

	it('does not lock a value it wrote wrongly, but a wrong fail mode still fails closed', () => {
		const { settings, problems } = readPolicySettings([
			user({ defaultVerdict: 'ask', failMode: 'open' }),
			machine({ defaultVerdict: 'sometimes', failMode: 42 }),
		]);
		expect(settings.defaultVerdict).toBe('ask');
		expect(settings.failMode).toBe('closed');
		expect(problems.map((p) => [p.source.kind, p.key])).toEqual([
			['machinePolicy', 'defaultVerdict'],
			['machinePolicy', 'failMode'],
			['userSettings', 'failMode'],
		]);
	});
});
