import { describe, expect, it } from 'vitest';

import { BUILTIN_PACKS } from '../../../../src/core/judging/builtinPacks';
import type { HookEvent, ToolCall } from '../../../../src/core/events/hookEvent';
import { MCP_ALLOW_LIST_RULE_ID } from '../../../../src/core/policy/mcpAllowList';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { evaluatePolicy } from '../../../../src/core/policy/evaluatePolicy';
import { describeLock } from '../../../../src/core/settings/lockedSettings';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import type { SettingsLayer } from '../../../../src/core/settings/settingsLayer';
import {
	mcpTool,
	permissionRequest,
	postToolUse,
	preToolUse,
	tool,
	WORKSPACE,
} from '../../../support/hookEventBuilder';

const MACHINE: SettingsLayer = {
	source: { kind: 'machinePolicy', file: '/etc/hookwarden/policy.json' },
	values: {},
	locks: true,
};
const USER: SettingsLayer['source'] = { kind: 'userSettings', file: '/u/settings.json' };
const WS: SettingsLayer['source'] = {
	kind: 'workspaceSettings',
	file: '/ws/.vscode/settings.json',
};

function judge(layers: SettingsLayer[], event: HookEvent) {
	const { settings, problems } = readPolicySettings(layers);
	const outcome = evaluatePolicy(
		compilePolicy(settings),
		{ event, workspaceFolder: WORKSPACE, homeDir: '/home/dev' },
		BUILTIN_PACKS,
	);
	return {
		outcome,
		problems,
		mcp: outcome.findings.find((f) => f.ruleId === MCP_ALLOW_LIST_RULE_ID),
	};
}

const userList = (list: unknown): SettingsLayer => ({
	source: USER,
	values: { 'mcp.allowedServers': list },
});
const call = (t: ToolCall) => preToolUse({ tool: t });
const reported = (name: string, server: ToolCall['mcpServer']): ToolCall => ({
	...tool(name, { q: 1 }),
	...(server && { mcpServer: server }),
});

describe('hookwarden.mcp.allowedServers', () => {
	it('sets no list by default: an MCP call is not judged by server', () => {
		expect(judge([], call(mcpTool('anything', 'do'))).mcp).toBeUndefined();
	});

	it('denies a call to a server off the list with the reason and the scope that set it; one on it passes', () => {
		const off = judge([userList(['github'])], call(mcpTool('pastebin', 'upload')));
		expect(off.outcome.verdict).toBe('deny');
		expect(off.mcp?.reason).toContain("MCP server 'pastebin'");
		expect(off.mcp?.reason).toContain('user settings');
		expect(off.mcp?.source).toEqual(USER);
		expect(
			judge([userList(['github'])], call(mcpTool('github', 'create_issue'))).mcp,
		).toBeUndefined();
	});

	it('reads VS Code names (mcp_server_tool) and wildcards, case aside', () => {
		expect(
			judge([userList(['corp-*'])], call(tool('mcp_corp-jira_search', {}))).mcp,
		).toBeUndefined();
		expect(judge([userList(['GitHub'])], call(mcpTool('github', 'x'))).mcp).toBeUndefined();
		expect(judge([userList(['corp-*'])], call(tool('mcp_evil_search', {}))).mcp?.verdict).toBe(
			'deny',
		);
	});

	it('reads the Copilot runtime spellings: <server>-<tool> before the call, <server>/<tool> when it asks', () => {
		const layers = [userList(['github-mcp-server'])];
		const cli = { dialect: 'copilotCli', harness: 'copilotCli' } as const;
		const pre = (name: string) => preToolUse({ ...cli, tool: tool(name, { title: 't' }) });
		expect(judge(layers, pre('github-mcp-server-get_issue')).mcp).toBeUndefined();
		expect(judge(layers, pre('pastebin-create_issue')).mcp?.reason).toContain(
			"MCP server 'pastebin'",
		);
		const asks = (name: string) => permissionRequest({ ...cli, tool: tool(name, { title: 't' }) });
		expect(judge(layers, asks('github-mcp-server/get_issue')).mcp).toBeUndefined();
		expect(judge(layers, asks('pastebin/create_issue')).mcp?.verdict).toBe('deny');
		// Its own tools have no hyphen, and other harnesses' tools are not read this way.
		expect(judge(layers, pre('read_bash')).mcp).toBeUndefined();
		expect(judge(layers, preToolUse({ tool: tool('my-tool', {}) })).mcp).toBeUndefined();
	});

	it('an empty list allows no server, and leaves tools that are not MCP tools alone', () => {
		expect(judge([userList([])], call(mcpTool('github', 'x'))).mcp?.reason).toContain(
			'no server allowed',
		);
		expect(
			judge([userList([])], call(tool('read_file', { filePath: '/ws/a' }))).mcp,
		).toBeUndefined();
	});

	it('also denies at PermissionRequest, and says nothing after the call', () => {
		const layers = [userList(['github'])];
		expect(judge(layers, permissionRequest({ tool: mcpTool('evil', 'x') })).mcp?.verdict).toBe(
			'deny',
		);
		expect(judge(layers, postToolUse({ tool: mcpTool('evil', 'x') })).mcp).toBeUndefined();
	});

	describe('servers that disguise themselves by tool name', () => {
		it('a server named github__x is not github: a doubled name must pass under every reading', () => {
			const disguised = judge(
				[userList(['github'])],
				call(mcpTool('github__mirror', 'create_issue')),
			);
			expect(disguised.mcp?.verdict).toBe('deny');
			expect(disguised.mcp?.reason).toContain(
				"can be read as a tool of the MCP server 'github__mirror'",
			);
		});

		it('a runtime server named github-mcp-server-x passes the name it imitates, then fails when the runtime asks', () => {
			const layers = [userList(['github-mcp-server'])];
			const cli = { dialect: 'copilotCli', harness: 'copilotCli' } as const;
			const name = 'github-mcp-server-x-get_issue';
			expect(judge(layers, preToolUse({ ...cli, tool: tool(name, {}) })).mcp).toBeUndefined();
			const asked = permissionRequest({ ...cli, tool: tool('github-mcp-server-x/get_issue', {}) });
			expect(judge(layers, asked).mcp?.reason).toContain("MCP server 'github-mcp-server-x'");
		});

		it('the server the harness reports wins over the name the tool chose', () => {
			const layers = [userList(['github'])];
			const lying = reported('mcp__github__create_issue', { name: 'pastebin' });
			expect(judge(layers, call(lying)).mcp?.reason).toContain("MCP server 'pastebin'");
			const honest = reported('mcp__whatever__create_issue', { name: 'github' });
			expect(judge(layers, call(honest)).mcp).toBeUndefined();
		});

		it('a server that takes an allowed name but is reached elsewhere fails a pinned URL or transport', () => {
			const layers = [
				userList([
					{ name: 'github', transport: 'http', url: 'https://api.githubcopilot.com/mcp/*' },
				]),
			];
			const impostor = reported('mcp__github__x', { name: 'github', transport: 'stdio' });
			expect(judge(layers, call(impostor)).mcp?.reason).toContain("'github' (stdio)");
			const elsewhere = reported('mcp__github__x', {
				name: 'github',
				transport: 'http',
				url: 'https://evil.example/mcp/',
			});
			expect(judge(layers, call(elsewhere)).mcp?.verdict).toBe('deny');
			const real = reported('mcp__github__x', {
				name: 'github',
				transport: 'http',
				url: 'https://api.githubcopilot.com/mcp/x',
			});
			expect(judge(layers, call(real)).mcp).toBeUndefined();
			// The CLI says `local` for what the list calls stdio.
			const local = [userList([{ name: 'fs', transport: 'stdio' }])];
			expect(
				judge(local, call(reported('mcp__fs__read', { name: 'fs', transport: 'local' }))).mcp,
			).toBeUndefined();
		});
	});

	describe('each scope only narrows', () => {
		it('a workspace list removes servers but cannot add one', () => {
			const workspace = (list: unknown): SettingsLayer => ({
				source: WS,
				values: { 'mcp.allowedServers': list },
			});
			const layers = [userList(['github', 'jira']), workspace(['github', 'pastebin'])];
			expect(judge(layers, call(mcpTool('github', 'x'))).mcp).toBeUndefined();
			expect(judge(layers, call(mcpTool('jira', 'x'))).mcp?.source).toEqual(WS);
			expect(judge(layers, call(mcpTool('pastebin', 'x'))).mcp?.source).toEqual(USER);
			// An untrusted workspace narrows too: narrowing is all a list can do.
			const untrusted = [userList(['github']), { ...workspace([]), tightenOnly: true }];
			expect(judge(untrusted, call(mcpTool('github', 'x'))).mcp?.verdict).toBe('deny');
		});

		it('the machine policy list holds whatever user settings say', () => {
			const layers = [
				{ ...MACHINE, values: { 'mcp.allowedServers': ['github'] } },
				userList(['github', 'pastebin']),
			];
			const result = judge(layers, call(mcpTool('pastebin', 'x')));
			expect(result.mcp?.source).toEqual(MACHINE.source);
			expect(result.problems).toEqual([]);
		});

		it('user settings cannot lift the machine list by setting none, nor a rule exception lift it', () => {
			const layers = [
				{ ...MACHINE, values: { 'mcp.allowedServers': ['github'] } },
				{
					source: USER,
					values: {
						'mcp.allowedServers': null,
						exceptions: [{ rule: MCP_ALLOW_LIST_RULE_ID, path: '**' }],
					},
				},
			];
			expect(judge(layers, call(mcpTool('pastebin', 'x'))).outcome.verdict).toBe('deny');
		});
	});

	it('skips a malformed entry with a problem and keeps the rest (a narrower list, never none)', () => {
		const result = judge(
			[userList(['github', { name: 'jira', transport: 'carrier-pigeon' }])],
			call(mcpTool('jira', 'x')),
		);
		expect(result.mcp?.verdict).toBe('deny');
		expect(result.problems.map((p) => p.key)).toEqual(['mcp.allowedServers[1]']);
	});
});

describe('a machine policy list, as the lock views describe it', () => {
	it('says lower scopes can only remove servers', () => {
		expect(describeLock('hookwarden.mcp.allowedServers')).toContain('can only remove servers');
	});
});
