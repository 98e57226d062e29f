import { describe, expect, it } from 'vitest';

import type { CopilotPermissionRequest } from '../../../src/sdk/copilotSdkTypes';
import { DefaultHooksProvider } from '../../../src/sdk/defaultProvider';
import { asPermissionHandler } from '../../../src/sdk/sessionHooks';

const invocation = { sessionId: 'session-1' };

// What an SDK app's runtime asks before an MCP call: the server is the one it started, whatever the tool is called.
const mcpRequest = (serverName: string, toolName: string): CopilotPermissionRequest => ({
	kind: 'mcp',
	serverName,
	toolName,
	args: { title: 't' },
});

describe('SDK app: hookwarden.mcp.allowedServers holds at the permission request', () => {
	const provider = new DefaultHooksProvider({
		settings: { 'hookwarden.mcp.allowedServers': ['github'] },
		workspaceFolder: '/work/app',
	});
	const handler = asPermissionHandler(provider, { ask: () => true });

	it('rejects a server off the list with the reason, and leaves one on it to the person', async () => {
		expect(provider.problems).toEqual([]);
		const rejected = await handler(mcpRequest('pastebin', 'upload'), invocation);
		expect(rejected).toMatchObject({ kind: 'reject' });
		expect(JSON.stringify(rejected)).toContain("MCP server 'pastebin'");
		expect(await handler(mcpRequest('github', 'create_issue'), invocation)).toMatchObject({
			kind: 'approve-once',
		});
	});

	it('holds a server to its reported name when its tool name imitates an allowed one', async () => {
		const disguised = await handler(mcpRequest('pastebin', 'x__github__create_issue'), invocation);
		expect(disguised).toMatchObject({ kind: 'reject' });
	});
});
