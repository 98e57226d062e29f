// A minimal MCP server over stdio (newline-delimited JSON-RPC) with one tool, `create_issue`. Every call that reaches
// it is appended to the file in MCP_CALL_LOG, so a test proves a denied call never arrived; MCP_SERVER_NAME is the
// name it reports.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const log = process.env.MCP_CALL_LOG;
const send = (id, result) =>
	process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
const TOOL = {
	name: 'create_issue',
	description: 'Creates an issue',
	inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
};

createInterface({ input: process.stdin }).on('line', (line) => {
	let request;
	try {
		request = JSON.parse(line);
	} catch {
		return;
	}
	// Notifications (no id) need no answer.
	if (request.id === undefined) {
		return;
	}
	switch (request.method) {
		case 'initialize':
			send(request.id, {
				protocolVersion: request.params?.protocolVersion ?? '2025-06-18',
				capabilities: { tools: {} },
				// The name it reports: VS Code's Local agent prefixes its tools with this, not the configured name.
				serverInfo: { name: process.env.MCP_SERVER_NAME ?? 'scripted', version: '1.0.0' },
			});
			return;
		case 'tools/list':
			send(request.id, { tools: [TOOL] });
			return;
		case 'tools/call':
			if (log) {
				appendFileSync(log, `${JSON.stringify(request.params)}\n`);
			}
			send(request.id, { content: [{ type: 'text', text: 'issue created' }] });
			return;
		default:
			send(request.id, {});
	}
});
