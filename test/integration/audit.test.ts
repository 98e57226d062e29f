import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLogFiles } from '../../src/node/audit/auditLogFile';
import { readAuditLog } from '../../src/node/audit/auditLogReader';
import type { AuditEventRecord } from '../../src/core/audit/auditRecord';
import { parseAuditLine } from '../../src/core/audit/parseAuditLine';
import type { ProcessRun } from '../support/runProcess';
import { runProcess } from '../support/runProcess';

const BRIDGE = resolve(__dirname, '../../dist/bridge.js');

function run(
	args: string[],
	stdin: string,
	cwd: string,
	env: NodeJS.ProcessEnv = {},
): Promise<ProcessRun> {
	return runProcess(process.execPath, args, {
		cwd,
		env: { ...process.env, HOOKWARDEN_USER_SETTINGS: userSettings, ...env },
		stdin,
	});
}

let workspace: string;
let log: string;
// User settings outside the workspace that trust it, so its allow rules apply headless as they would for its owner.
let userSettings: string;

function settings(values: Record<string, unknown>): void {
	writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify(values));
}

const payload = (event: string, fields: Record<string, unknown>, session = 's-1') =>
	JSON.stringify({
		timestamp: '2026-11-22T03:25:30.321Z',
		hook_event_name: event,
		session_id: session,
		cwd: workspace,
		...fields,
	});
const shell = (command: string, id: string, session?: string) =>
	payload(
		'PreToolUse',
		{ tool_name: 'run_in_terminal', tool_input: { command }, tool_use_id: id },
		session,
	);
const decide = (event: string, stdin: string) =>
	run([BRIDGE, event], stdin, workspace, { HOOKWARDEN_AUDIT_FILE: log });

beforeAll(() => {
	workspace = mkdtempSync(join(tmpdir(), 'hookwarden-audit-ws-'));
	mkdirSync(join(workspace, '.vscode'));
	log = join(workspace, 'logs', 'audit.jsonl');
	userSettings = join(mkdtempSync(join(tmpdir(), 'hookwarden-audit-user-')), 'settings.json');
	writeFileSync(userSettings, JSON.stringify({ 'hookwarden.trustedFolders': [workspace] }));
});
afterAll(() => {
	rmSync(workspace, { recursive: true, force: true });
	rmSync(dirname(userSettings), { recursive: true, force: true });
});

describe('headless audit log', () => {
	it('marks a tool that ran after its call was denied as not honoured, in the log and on stderr', async () => {
		// A runner stand-in that ignores the deny: it reports the tool as run anyway.
		const session = `honour-${Date.now()}`;
		const honourLog = join(workspace, 'logs', 'honoured.jsonl');
		const decide = (event: string, stdin: string) =>
			run([BRIDGE, event], stdin, workspace, { HOOKWARDEN_AUDIT_FILE: honourLog });
		const denied = await decide('PreToolUse', shell('rm -rf /', 'nh-1', session));
		expect(JSON.parse(denied.stdout)).toMatchObject({ permissionDecision: 'deny' });
		const ran = await decide(
			'PostToolUse',
			payload(
				'PostToolUse',
				{
					tool_name: 'run_in_terminal',
					tool_input: { command: 'rm -rf /' },
					tool_use_id: 'nh-1',
					tool_response: 'done',
				},
				session,
			),
		);
		expect(ran.stderr).toMatch(
			/Not honoured by VS Code \(Local agent\): run_in_terminal ran although Hookwarden denied/,
		);
		const records = readAuditLog(honourLog).records as AuditEventRecord[];
		const post = records.find((r) => r.session === session && r.event === 'PostToolUse');
		expect(post?.notHonoured).toMatch(/^Not honoured by VS Code/);
		expect(
			records.find((r) => r.session === session && r.event === 'PreToolUse')?.notHonoured,
		).toBeUndefined();
	});

	it('logs each answer before it is printed, with who decided and a masked input', async () => {
		settings({ 'hookwarden.rules': [{ id: 'no-curl', command: 'curl', verdict: 'deny' }] });
		const token = `ghp_${'a1B2'.repeat(9)}`;
		const answer = await decide('PreToolUse', shell(`curl -H "Authorization: ${token}" x`, 'm1'));
		expect(JSON.parse(answer.stdout)).toMatchObject({ permissionDecision: 'deny' });
		const text = readFileSync(log, 'utf8');
		expect(text).not.toContain(token);
		const [record] = readAuditLog(log).records as AuditEventRecord[];
		expect(record).toMatchObject({
			kind: 'event',
			origin: 'headless',
			event: 'PreToolUse',
			verdict: 'deny',
			masked: true,
			decidedBy: { ruleId: 'no-curl' },
		});
		expect(record?.by).toMatch(/^rule no-curl \(workspace settings/);
	});

	it('appends from many bridge processes at once, across a rotation, without losing or mixing a line', async () => {
		const file = join(workspace, 'concurrent', 'audit.jsonl');
		settings({ 'hookwarden.audit.maxFileSizeMB': 1, 'hookwarden.audit.retention': 20 });
		const big = `echo ${'z'.repeat(40_000)}`;
		const lanes = 4;
		const perLane = 20;
		const answers = await Promise.all(
			Array.from({ length: lanes }, async (_, lane) => {
				const outputs: string[] = [];
				for (let i = 0; i < perLane; i++) {
					const result = await run(
						[BRIDGE, 'PreToolUse'],
						shell(big, `c${lane}-${i}`, `lane-${lane}`),
						workspace,
						{
							HOOKWARDEN_AUDIT_FILE: file,
						},
					);
					outputs.push(result.stdout);
				}
				return outputs;
			}),
		);
		expect(answers.flat().every((out) => out.trim().startsWith('{'))).toBe(true);
		const result = readAuditLog(file);
		expect(result.corrupt).toBe(0);
		expect(auditLogFiles(file).length).toBeGreaterThan(1);
		const ids = result.records.map((r) => r.id);
		expect(new Set(ids).size).toBe(lanes * perLane);
		for (let lane = 0; lane < lanes; lane++) {
			expect(result.records.filter((r) => r.session === `lane-${lane}`)).toHaveLength(perLane);
		}
	}, 120_000);

	it('records the session summary at Stop and shows it to the person when asked', async () => {
		settings({ 'hookwarden.context.stopSummary': true });
		await decide('PreToolUse', shell('ls', 'st1', 'sum'));
		await decide(
			'PreToolUse',
			payload(
				'PreToolUse',
				{
					tool_name: 'create_file',
					tool_input: { filePath: join(workspace, 'a.ts'), content: '' },
				},
				'sum',
			),
		);
		const stop = await decide('Stop', payload('Stop', { stop_hook_active: false }, 'sum'));
		expect((JSON.parse(stop.stdout) as { systemMessage?: string }).systemMessage).toMatch(
			/^Hookwarden session summary: 2 tool calls, 0 denied, 0 asked, 1 file touched/,
		);
		const summary = readAuditLog(log).records.find(
			(r) => r.kind === 'summary' && r.session === 'sum',
		);
		expect(summary).toMatchObject({ trigger: 'Stop', summary: { toolCalls: 2 } });
	});
});

describe('--replay and --explain --event', () => {
	it('exits 1 when a recorded allow would now be denied, and 0 when nothing tightens', async () => {
		const file = join(workspace, 'replay', 'audit.jsonl');
		settings({ 'hookwarden.rules': [{ id: 'allow-npm', command: 'npm test', verdict: 'allow' }] });
		const allowed = await run([BRIDGE, 'PreToolUse'], shell('npm test', 'r1', 'rs'), workspace, {
			HOOKWARDEN_AUDIT_FILE: file,
		});
		expect(JSON.parse(allowed.stdout)).toMatchObject({ permissionDecision: 'allow' });

		settings({ 'hookwarden.rules': [{ id: 'no-npm', command: 'npm', verdict: 'deny' }] });
		const tightened = await run([BRIDGE, '--replay', file], '', workspace);
		expect(tightened.code).toBe(1);
		expect(tightened.stdout).toMatch(/tightened .* PreToolUse run_in_terminal: npm test/);
		expect(tightened.stdout).toMatch(/allow by allow-npm .* -> deny by no-npm/);
		const loosenOnly = await run([BRIDGE, '--replay', file, '--fail-on', 'loosen'], '', workspace);
		expect(loosenOnly.code).toBe(0);
		const otherSession = await run([BRIDGE, '--replay', file, '--session', 'nope'], '', workspace);
		expect(otherSession.code).toBe(66);
		const usage = await run([BRIDGE, '--replay'], '', workspace);
		expect(usage.code).toBe(64);

		const id = readAuditLog(file).records[0]?.id ?? '';
		const explained = await run([BRIDGE, '--explain', '--event', id, file], '', workspace);
		expect(explained.code).toBe(0);
		expect(explained.stdout).toMatch(/Recorded: allow — rule allow-npm/);
		expect(explained.stdout).toMatch(/Verdict now: deny \(rule no-npm\)/);
	});

	it('skips a corrupt line with a warning and still replays the rest', async () => {
		const file = join(workspace, 'corrupt', 'audit.jsonl');
		settings({});
		await run([BRIDGE, 'PreToolUse'], shell('ls', 'k1', 'cs'), workspace, {
			HOOKWARDEN_AUDIT_FILE: file,
		});
		writeFileSync(file, `${readFileSync(file, 'utf8')}{"v":1,"kind":"event","id":\n`);
		const replayed = await run([BRIDGE, '--replay', file], '', workspace);
		expect(replayed.code).toBe(0);
		expect(replayed.stderr).toMatch(/skipped 1 unreadable line/);
		expect(replayed.stdout).toMatch(/1 events: 1 unchanged/);
	});
});

describe('a writer killed mid-stream', () => {
	it('leaves only whole lines, and the other writers lose nothing', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'hookwarden-kill-'));
		const writer = join(dir, 'writer.cjs');
		await esbuild.build({
			entryPoints: [resolve(__dirname, '../../src/node/audit/auditLogFile.ts')],
			bundle: true,
			platform: 'node',
			format: 'cjs',
			outfile: join(dir, 'auditLogFile.cjs'),
			logLevel: 'error',
		});
		writeFileSync(
			writer,
			`const { appendAuditLine } = require('./auditLogFile.cjs');
const { writeFileSync } = require('node:fs');
const [file, name, count, started] = process.argv.slice(2);
const pad = 'p'.repeat(8000);
for (let i = 0; i < Number(count); i++) {
	appendAuditLine({ file, maxBytes: 1e12, retention: 1 }, JSON.stringify({ v: 1, kind: 'event', id: name + '-' + i, at: new Date().toISOString(), session: name, event: 'Stop', verdict: 'none', input: { name: 'Stop' }, pad }));
	if (i === 0 && started) writeFileSync(started, '');
}
`,
		);
		const file = join(dir, 'audit.jsonl');
		const started = join(dir, 'victim.started');
		const start = (name: string, count: number, marker = '') => {
			const child = spawn(process.execPath, [writer, file, name, String(count), marker], {
				stdio: 'ignore',
			});
			return { child, closed: new Promise((done) => child.on('close', done)) };
		};
		// Enough lines to be mid-stream when killed, few enough (160 MB at most) that a slow kill cannot fill the disk.
		const victim = start('victim', 20_000, started);
		const others = [start('a', 400), start('b', 400)];
		// Kill it once it has surely written (under load a node start can take longer than any fixed delay); the
		// marker is polled instead of the log, which grows by megabytes between two polls.
		while (!existsSync(started) && victim.child.exitCode === null) {
			await new Promise((r) => setTimeout(r, 10));
		}
		victim.child.kill('SIGKILL');
		await Promise.all([victim.closed, ...others.map((o) => o.closed)]);
		const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
		const parsed = lines.map(parseAuditLine);
		const sessions = parsed.map((p) =>
			p.kind === 'record' ? (p.record as unknown as { session: string }).session : undefined,
		);
		// A SIGKILL can stop a write part-way (Linux checks for it between pages), so the victim may leave one torn
		// line at most; a line another writer appended to it is recovered whole by the reader.
		expect(parsed.filter((p) => p.kind === 'corrupt').length).toBeLessThanOrEqual(1);
		expect(sessions.filter((session) => session === 'a')).toHaveLength(400);
		expect(sessions.filter((session) => session === 'b')).toHaveLength(400);
		expect(sessions.filter((session) => session === 'victim').length).toBeGreaterThan(0);
		rmSync(dir, { recursive: true, force: true });
	}, 60_000);
});
