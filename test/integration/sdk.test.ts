/*
 * The npm package `hookwarden` as a user gets it: `npm pack` of packages/sdk (built by `npm run build`), installed
 * into a fresh folder outside this repository, imported by plain Node, type-checked as a consumer by `tsc`, and made
 * to decide a corpus of shell lines with exactly the answers the built bridge (`dist/bridge.js`) prints for them.
 */
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runProcess } from '../support/runProcess';
import { DANGEROUS } from '../unit/core/judging/corpus/dangerous';
import { HARMLESS } from '../unit/core/judging/corpus/harmless';

const root = resolve(__dirname, '../..');
const packageFolder = join(root, 'packages', 'sdk');
const bridge = join(root, 'dist', 'bridge.js');

let fresh: string;
let tarball: string;
/** What `npm pack --json` says of the tarball. */
let packInfo: { size: number; unpackedSize: number; entryCount: number };
/** The environment both the bridge and the package decide in: a home, runtime folder and audit log of their own. */
let env: NodeJS.ProcessEnv;
let workspace: string;

const RULES = [
	{ id: 'ok-status', command: ['git status', 'ls'], verdict: 'allow' },
	{
		id: 'ask-publish',
		command: 'npm publish',
		verdict: 'ask',
		reason: 'Publishing needs a person.',
	},
	{ id: 'no-curl', command: 'curl', verdict: 'deny', reason: 'Use the fetch tool.' },
	{ id: 'rtk', command: 'git log', verdict: 'rewrite', rewrite: 'rtk ${command}' },
];

async function run(command: string, args: readonly string[], stdin = '', cwd = fresh) {
	return runProcess(command, args, { cwd, env, stdin });
}

beforeAll(async () => {
	for (const built of ['sdk.mjs', 'sdk.d.ts', 'tree-sitter-bash.wasm']) {
		expect(
			existsSync(join(packageFolder, 'dist', built)),
			`packages/sdk/dist/${built} is missing: run \`npm run build\` first`,
		).toBe(true);
	}
	fresh = mkdtempSync(join(tmpdir(), 'hookwarden-sdk-consumer-'));
	workspace = join(fresh, 'ws');
	mkdirSync(join(workspace, '.vscode'), { recursive: true });
	mkdirSync(join(fresh, 'home'));
	// A link an earlier call made: a delete through it lands in the home folder, and both must follow it.
	symlinkSync(join(fresh, 'home'), join(workspace, 'build'));
	mkdirSync(join(fresh, 'run'), { mode: 0o700 });
	writeFileSync(
		join(workspace, '.vscode', 'settings.json'),
		JSON.stringify({ 'hookwarden.rules': RULES }),
	);
	// The person trusts this workspace, so the bridge applies its allow rules headless, as the package does.
	writeFileSync(
		join(fresh, 'user-settings.json'),
		JSON.stringify({ 'hookwarden.trustedFolders': [workspace] }),
	);
	env = {
		PATH: process.env.PATH,
		HOME: join(fresh, 'home'),
		XDG_RUNTIME_DIR: join(fresh, 'run'),
		HOOKWARDEN_AUDIT_FILE: join(fresh, 'audit.jsonl'),
		HOOKWARDEN_USER_SETTINGS: join(fresh, 'user-settings.json'),
		npm_config_cache: join(fresh, 'npm-cache'),
	};
	const packed = await run('npm', ['pack', packageFolder, '--json', '--pack-destination', fresh]);
	expect(packed.code, packed.stderr).toBe(0);
	const [info] = JSON.parse(packed.stdout) as [typeof packInfo & { filename: string }];
	packInfo = info;
	tarball = join(fresh, info.filename);
	writeFileSync(
		join(fresh, 'package.json'),
		JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
	);
	const installed = await run('npm', ['install', tarball, '--no-audit', '--no-fund', '--offline']);
	expect(installed.code, installed.stderr).toBe(0);
}, 180_000);

afterAll(() => {
	if (fresh) {
		rmSync(fresh, { recursive: true, force: true });
	}
});

describe('the npm package hookwarden', () => {
	it('packs the ES module, its declarations and the shell and code grammars, and nothing else', async () => {
		const listed = await run('tar', ['-tzf', tarball]);
		expect(listed.stdout.trim().split('\n').sort()).toEqual([
			'package/LICENSE',
			'package/README.md',
			'package/dist/sdk.d.ts',
			'package/dist/sdk.mjs',
			'package/dist/tree-sitter-bash.wasm',
			'package/dist/tree-sitter-javascript.wasm',
			'package/dist/tree-sitter-php.wasm',
			'package/dist/tree-sitter-powershell.wasm',
			'package/dist/tree-sitter-python.wasm',
			'package/dist/tree-sitter-ruby.wasm',
			'package/dist/tree-sitter.wasm',
			'package/package.json',
		]);
	});

	it('is as large as its decision record says (within 15 %)', () => {
		const record = readFileSync(join(root, 'docs', 'decisions', 'sdk-package.md'), 'utf8');
		const facts =
			/holds (\d+) files[\s\S]*?\(([\d.]+ [KM]B) packed, ([\d.]+ [KM]B) unpacked; `sdk\.mjs` is ([\d.]+ [KM]B), ([\d.]+ [KM]B) gzipped/.exec(
				record,
			);
		const declarations = /`sdk\.d\.ts` \(([\d.]+ [KM]B)\)/.exec(record)?.[1];
		expect(facts, 'the record no longer states the sizes as this test reads them').not.toBeNull();
		const [, files, packedSize, unpacked, bundle, gzipped] = facts ?? [];
		const mjs = readFileSync(join(packageFolder, 'dist', 'sdk.mjs'));
		const near = (stated: string | undefined, bytes: number) => {
			const [amount = '', unit] = (stated ?? '').split(' ');
			const expected = Number(amount) * (unit === 'MB' ? 1024 * 1024 : 1024);
			expect(Math.abs(bytes - expected) / bytes, `${stated ?? '?'} vs ${bytes} bytes`).toBeLessThan(
				0.15,
			);
		};
		expect(Number(files)).toBe(packInfo.entryCount);
		near(packedSize, packInfo.size);
		near(unpacked, packInfo.unpackedSize);
		near(bundle, mjs.length);
		near(gzipped, gzipSync(mjs).length);
		near(declarations, readFileSync(join(packageFolder, 'dist', 'sdk.d.ts')).length);
	});

	it('imports no module of its own but Node built-ins', async () => {
		const scan = await run(process.execPath, [
			'-e',
			`const t = require('fs').readFileSync('node_modules/hookwarden/dist/sdk.mjs', 'utf8');
			 console.log(JSON.stringify([...t.matchAll(/^import\\s.*from\\s+["']([^"']+)["']/gm)].map((m) => m[1])));`,
		]);
		const imported = JSON.parse(scan.stdout) as string[];
		expect(imported.length).toBeGreaterThan(0);
		expect(imported.filter((name) => !name.startsWith('node:'))).toEqual([]);
	});

	it('is imported by plain Node from a fresh folder and reads shell lines with its grammar', async () => {
		writeFileSync(
			join(fresh, 'decide.mjs'),
			`import { CompositeHooksProvider, DefaultHooksProvider, asSessionHooks, asPermissionHandler } from 'hookwarden/sdk';
const chain = new CompositeHooksProvider([new DefaultHooksProvider({ settings: {}, workspaceFolder: process.cwd() })]);
const hooks = asSessionHooks(chain);
const input = (command) => ({ sessionId: 's', timestamp: new Date(), workingDirectory: process.cwd(), toolName: 'bash', toolArgs: { command } });
const home = await hooks.onPreToolUse(input('rm -rf ~'), { sessionId: 's' });
// Only a shell grammar sees the delete inside $(…): without one the line is unreadable and merely asked.
const hidden = await hooks.onPreToolUse(input('echo ok && echo "$(rm -rf ~)"'), { sessionId: 's' });
const tests = await hooks.onPreToolUse(input('npm test'), { sessionId: 's' });
const saysNo = await asPermissionHandler(chain, { ask: () => 'no' })({ kind: 'shell', fullCommandText: 'make', intention: 'build' }, { sessionId: 's' });
console.log(JSON.stringify({ home: home.permissionDecision, hidden: hidden.permissionDecision, tests, saysNo: saysNo.kind }));
`,
		);
		const decided = await run(process.execPath, ['decide.mjs']);
		expect(decided.stderr).toBe('');
		expect(JSON.parse(decided.stdout)).toEqual({
			home: 'deny',
			hidden: 'deny',
			tests: {},
			saysNo: 'reject',
		});
	}, 60_000);

	it('type-checks a consumer with tsc (strict, NodeNext, no skipLibCheck)', async () => {
		// An application developer has Node's types; they are copied, not downloaded.
		for (const types of ['@types/node', 'undici-types']) {
			cpSync(join(root, 'node_modules', types), join(fresh, 'node_modules', types), {
				recursive: true,
			});
		}
		writeFileSync(
			join(fresh, 'tsconfig.json'),
			JSON.stringify({
				compilerOptions: {
					strict: true,
					module: 'nodenext',
					moduleResolution: 'nodenext',
					target: 'es2022',
					types: ['node'],
					noEmit: true,
				},
				files: ['consumer.mts'],
			}),
		);
		writeFileSync(
			join(fresh, 'consumer.mts'),
			`import { asSessionHooks, CompositeHooksProvider, DefaultHooksProvider, type HooksProvider, type MergedDecision } from 'hookwarden/sdk';
const guard: HooksProvider = {
	id: 'guard',
	onPreToolUse: (event) =>
		event.tool.kind === 'shell' ? { updatedInput: { command: \`\${event.tool.commandLine ?? ''} --dry-run\` }, provenance: { providerId: 'guard' } } : undefined,
};
const chain = new CompositeHooksProvider([new DefaultHooksProvider({ settings: {}, workspaceFolder: '/w' }), { provider: guard, priority: 50 }]);
const hooks = asSessionHooks(chain);
void hooks.onPreToolUse({ sessionId: 's', timestamp: new Date(), workingDirectory: '/', toolName: 'bash', toolArgs: {} }, { sessionId: 's' });
const fail: 'open' | 'closed' = new DefaultHooksProvider({ settings: {}, workspaceFolder: '/w' }).policy.failMode;
void fail;
export const outcome = (decision: MergedDecision): string => decision.updatedInput ? 'rewrite' : (decision.verdict ?? 'none');
// @ts-expect-error a provider needs an id
const nameless: HooksProvider = {};
void nameless;
`,
		);
		const tsc = await run(process.execPath, [
			join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
			'-p',
			'.',
		]);
		expect(tsc.stdout + tsc.stderr).toBe('');
		expect(tsc.code).toBe(0);
	}, 120_000);

	it('decides a corpus of shell lines exactly as the built bridge answers them', async () => {
		// Every tenth row of the judging corpus, both dialects, plus the rules above: a sample, not a copy.
		const rows = [...DANGEROUS, ...HARMLESS].filter((_, index) => index % 10 === 0);
		const lines: [string, 'bash' | 'powershell'][] = [
			...rows.map(([line, , dialect]): [string, 'bash' | 'powershell'] => [
				line,
				dialect ?? 'bash',
			]),
			['git status', 'bash'],
			['git status && curl example.com', 'bash'],
			['npm publish --tag next', 'bash'],
			['cd src && git log -n 3', 'bash'],
			['bash -c "git log"', 'bash'],
			['rm -rf build/', 'bash'],
			['rm -rf build/cache', 'bash'],
		];
		const payloads = lines.map(([line, dialect], index) =>
			JSON.stringify({
				hook_event_name: 'PreToolUse',
				session_id: 'corpus',
				timestamp: '2026-11-26T00:00:00.000Z',
				cwd: workspace,
				tool_name: dialect === 'powershell' ? 'powershell' : 'run_in_terminal',
				tool_input: { command: line },
				tool_use_id: `call_${index}`,
			}),
		);
		writeFileSync(join(fresh, 'payloads.json'), JSON.stringify(payloads));
		writeFileSync(
			join(fresh, 'corpus.mjs'),
			`import { readFileSync } from 'node:fs';
import { CompositeHooksProvider, DefaultHooksProvider, encodeDecision, readHookEvent } from 'hookwarden/sdk';
const settings = JSON.parse(readFileSync(${JSON.stringify(join(workspace, '.vscode', 'settings.json'))}, 'utf8'));
const chain = new CompositeHooksProvider([new DefaultHooksProvider({ settings, workspaceFolder: ${JSON.stringify(workspace)}, homeDir: process.env.HOME })]);
const out = [];
for (const payload of JSON.parse(readFileSync('payloads.json', 'utf8'))) {
	const read = readHookEvent(payload, 'PreToolUse');
	if (!read.ok) throw new Error(read.problem);
	out.push(encodeDecision(read.event, await chain.decide(read.event, { workspaceFolder: ${JSON.stringify(workspace)} })));
}
console.log(JSON.stringify(out));
`,
		);
		const sdk = await run(process.execPath, ['corpus.mjs'], '', fresh);
		expect(sdk.stderr).toBe('');
		const fromSdk = JSON.parse(sdk.stdout) as unknown[];

		const fromBridge: unknown[] = [];
		for (let start = 0; start < payloads.length; start += 3) {
			const batch = await Promise.all(
				payloads
					.slice(start, start + 3)
					.map((payload) => run(process.execPath, [bridge, 'PreToolUse'], payload, workspace)),
			);
			fromBridge.push(...batch.map((answer) => JSON.parse(answer.stdout) as unknown));
		}
		// The bridge holds the workspace before a call it asks about and says what could be undone; this SDK chain has no
		// snapshots. The decision is the same either way: that sentence is left out of the comparison.
		const withoutRestorability = (answer: unknown) =>
			JSON.stringify(answer).replace(
				/ (?:Restorable: |Not restorable: |[A-Z][^".]* cannot be restored: )[^"]*/g,
				'',
			);
		const differing = lines
			.map(([line], index) => ({ line, bridge: fromBridge[index], sdk: fromSdk[index] }))
			.filter((row) => withoutRestorability(row.bridge) !== withoutRestorability(row.sdk));
		expect(differing).toEqual([]);
		// Both followed the link on disk: `build/` is the home folder there, not build output.
		const throughLink = lines.findIndex(([line]) => line === 'rm -rf build/');
		expect(fromBridge[throughLink]).toMatchObject({ permissionDecision: 'deny' });
		// The sample is not all one answer: the comparison covers denies, asks, allows, rewrites and no opinion.
		const kinds = new Set(
			fromBridge.map((answer) => {
				const output = answer as { permissionDecision?: string; modifiedArgs?: unknown };
				return output.modifiedArgs ? 'rewrite' : (output.permissionDecision ?? 'none');
			}),
		);
		expect([...kinds].sort()).toEqual(['allow', 'ask', 'deny', 'none', 'rewrite']);
	}, 300_000);
});
