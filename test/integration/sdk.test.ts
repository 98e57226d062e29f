import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runProcess } from '../support/runProcess';

const root = resolve(__dirname, '../..');
// Inside the package, so `hookwarden/sdk` resolves through package.json `exports` exactly as it does for a user.
const scratch = join(root, 'test-results', 'sdk-consumer');

/** Runs a plain ES module with Node, in the package, and returns what it printed. */
async function runModule(
	source: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
	const file = join(scratch, `run-${Math.random().toString(36).slice(2)}.mjs`);
	writeFileSync(file, source);
	return runProcess(process.execPath, [file], { cwd: scratch, env: process.env, stdin: '' });
}

beforeAll(async () => {
	const build = await runProcess('npm', ['run', '--silent', 'build:sdk'], {
		cwd: root,
		env: process.env,
		stdin: '',
	});
	expect(build.stderr).toBe('');
	expect(build.code).toBe(0);
	mkdirSync(scratch, { recursive: true });
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('hookwarden/sdk as built', () => {
	it('writes an ES module and its declarations where package.json exports point', () => {
		expect(existsSync(join(root, 'dist/sdk/index.mjs'))).toBe(true);
		expect(existsSync(join(root, 'dist/sdk/types/sdk/index.d.ts'))).toBe(true);
	});

	it('is imported by plain Node through the package exports and decides a Copilot SDK tool call', async () => {
		const run = await runModule(`
import { CompositeHooksProvider, DefaultHooksProvider, asSessionHooks, asPermissionHandler } from 'hookwarden/sdk';
const policy = new DefaultHooksProvider({
	settings: { 'hookwarden.rules': [{ event: 'PreToolUse', command: 'npm publish', verdict: 'deny', reason: 'no publishing' }] },
	workspaceFolder: process.cwd(),
});
const chain = new CompositeHooksProvider([policy]);
const hooks = asSessionHooks(chain);
const input = (command) => ({ sessionId: 's', timestamp: new Date(), workingDirectory: process.cwd(), toolName: 'bash', toolArgs: { command } });
const denied = await hooks.onPreToolUse(input('npm publish'), { sessionId: 's' });
const free = await hooks.onPreToolUse(input('npm test'), { sessionId: 's' });
const permission = await asPermissionHandler(chain, { ask: () => true })(
	{ kind: 'shell', fullCommandText: 'rm -rf /', intention: 'clean' }, { sessionId: 's' });
console.log(JSON.stringify({ denied, free, permission }));
`);
		expect(run.stderr).toBe('');
		expect(JSON.parse(run.stdout)).toEqual({
			denied: { permissionDecision: 'deny', permissionDecisionReason: 'no publishing' },
			free: {},
			permission: { kind: 'reject', feedback: expect.stringContaining('rm -rf /') as unknown },
		});
	});

	it('serves a hook script: stdin JSON in, the host-readable answer out', async () => {
		const run = await runModule(`
import { readHookEvent, encodeDecision } from 'hookwarden/sdk';
const read = readHookEvent(JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'run_in_terminal', tool_input: { command: 'ls' } }));
if (!read.ok) throw new Error(read.problem);
console.log(JSON.stringify(encodeDecision(read.event, { verdict: 'ask', reason: 'why ls?', provenance: { providerId: 'script' } })));
`);
		expect(run.stderr).toBe('');
		expect(JSON.parse(run.stdout)).toMatchObject({
			permissionDecision: 'ask',
			hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'why ls?' },
		});
	});

	it('does not pull in vscode or any module outside the bundle', async () => {
		const run = await runModule(`
import { readFileSync } from 'node:fs';
const text = readFileSync(${JSON.stringify(join(root, 'dist/sdk/index.mjs'))}, 'utf8');
console.log(JSON.stringify([...text.matchAll(/^import\\s.*from\\s+["']([^"']+)["']/gm)].map((m) => m[1])));
`);
		expect(JSON.parse(run.stdout)).toEqual([]);
	});

	it('types a TypeScript consumer through the exported declarations', async () => {
		writeFileSync(
			join(scratch, 'consumer.mts'),
			`import { asSessionHooks, DefaultHooksProvider, type HooksProvider } from 'hookwarden/sdk';
const guard: HooksProvider = {
	id: 'guard',
	onPreToolUse: (event) =>
		event.tool.kind === 'shell' ? { verdict: 'deny', reason: 'no shell', provenance: { providerId: 'guard' } } : undefined,
};
const hooks = asSessionHooks(guard);
void hooks.onPreToolUse({ sessionId: 's', timestamp: new Date(), workingDirectory: '/', toolName: 'bash', toolArgs: {} }, { sessionId: 's' });
void new DefaultHooksProvider({ settings: {}, workspaceFolder: '/w' });
// @ts-expect-error a provider needs an id
const nameless: HooksProvider = {};
void nameless;
`,
		);
		const tsc = await runProcess(
			process.execPath,
			[
				join(root, 'node_modules/typescript/bin/tsc'),
				'--noEmit',
				'--strict',
				'--module',
				'nodenext',
				'--moduleResolution',
				'nodenext',
				'--target',
				'es2022',
				'--types',
				'node',
				'consumer.mts',
			],
			{ cwd: scratch, env: process.env, stdin: '' },
		);
		expect(tsc.stdout + tsc.stderr).toBe('');
		expect(tsc.code).toBe(0);
	}, 120_000);
});
