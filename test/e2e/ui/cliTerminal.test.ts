/**
 * The Copilot CLI inside VS Code's integrated terminal asks through the window (issue 23). A person types the real
 * `copilot` command (the pinned dev dependency @github/copilot) in a terminal of the real VS Code; the CLI runs offline
 * on the scripted model (test/copilot/support/modelServer.ts, through BYOK) and runs the hook file Hookwarden's
 * *Install Hooks* wrote for the person. The terminal carries the window's endpoint (Hookwarden's environment
 * contribution), so a rule's `ask` reaches this window and the person answers it inline, in the Approvals view.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { after, afterEach, before, describe, it } from 'mocha';

import { parseAuditLine } from '../../../src/core/audit/parseAuditLine';
import type { AuditEventRecord } from '../../../src/core/audit/auditRecord';
import { HOOK_FILE_NAME } from '../../../src/host/installer/hookFile';
import type { ModelServer } from '../../copilot/support/modelServer';
import { startModelServer } from '../../copilot/support/modelServer';
import { removeTestRoot } from '../support/processes';
import { pollUntil } from '../support/hookRunner';
import {
	extensionUnderTest,
	findRepoRoot,
	startVscodeServer,
	type VscodeServer,
} from '../support/vscodeServer';
import { openWorkbench, type Workbench } from '../support/workbench';

const ASK_TOUCH = {
	id: 'ask-touch',
	command: 'touch',
	verdict: 'ask',
	reason: 'New files need a person.',
};

describe('the Copilot CLI in VS Code’s terminal asks through the window', function () {
	let root: string;
	let home: string;
	let workspace: string;
	let auditFile: string;
	let model: ModelServer | undefined;
	let server: VscodeServer | undefined;
	let wb: Workbench | undefined;
	let terminalOpen = false;
	const copilot = path.join(findRepoRoot(), 'node_modules', '.bin', 'copilot');

	function auditEvents(): AuditEventRecord[] {
		if (!fs.existsSync(auditFile)) {
			return [];
		}
		return fs
			.readFileSync(auditFile, 'utf8')
			.split('\n')
			.map((line) => parseAuditLine(line))
			.flatMap((parsed) =>
				parsed.kind === 'record' && parsed.record.kind === 'event' ? [parsed.record] : [],
			);
	}

	/** Types a command line into the integrated terminal, as a person does, and presses Enter. */
	async function typeInTerminal(line: string): Promise<void> {
		assert.ok(wb);
		if (!terminalOpen) {
			await wb.runCommand('Terminal: Create New Terminal');
			terminalOpen = true;
		}
		const terminal = wb.page.locator('.part.panel .terminal-wrapper .xterm').first();
		await terminal.waitFor({ state: 'visible', timeout: 20_000 });
		await terminal.click();
		await wb.page.keyboard.type(line);
		await wb.page.keyboard.press('Enter');
	}

	/**
	 * Runs `copilot -p <prompt>` in the terminal, answers the approval the rule asks for with `answer` in the Approvals
	 * view, and waits for the CLI's session to end. Returns that session's events.
	 */
	async function askThroughTheWindow(
		file: string,
		answer: 'Allow Once' | 'Deny',
	): Promise<AuditEventRecord[]> {
		assert.ok(wb);
		const before = auditEvents().length;
		const fresh = () => auditEvents().slice(before);
		await typeInTerminal(
			`${copilot} -p 'Create ${file} using the terminal.' --allow-all-tools; echo "cli exited $?"`,
		);
		await wb.openView('Hookwarden');
		const pattern = new RegExp(`touch ${file.replace('.', '\\.')}`);
		// The CLI's first start unpacks itself (several seconds; minutes on a loaded machine) before it asks.
		await wb.waitForTreeRow(pattern, { view: 'Approvals', timeoutMs: 240_000 });
		if (answer === 'Allow Once') {
			await wb.moveMouseAway();
			await wb.screenshot('cli-terminal-approval');
		}
		await wb.clickRowAction(pattern, answer, { view: 'Approvals' });
		return pollUntil(
			() => {
				const seen = fresh();
				return seen.some((e) => e.event === 'SessionEnd') ? seen : undefined;
			},
			{
				timeoutMs: 90_000,
				describe: () =>
					`the CLI session never ended; Hookwarden saw ${JSON.stringify(fresh().map((e) => `${e.event} ${e.verdict}`))}`,
			},
		);
	}

	before(async function () {
		this.timeout(180_000);
		assert.ok(fs.existsSync(copilot), `no Copilot CLI at ${copilot}; run npm ci`);
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-cli-'));
		home = path.join(root, 'home');
		workspace = path.join(root, 'workspace');
		const runtime = path.join(root, 'run');
		fs.mkdirSync(home);
		fs.mkdirSync(workspace);
		fs.mkdirSync(runtime, { mode: 0o700 });
		auditFile = path.join(workspace, 'hookwarden-audit.jsonl');
		model = await startModelServer([]);
		server = await startVscodeServer({
			...extensionUnderTest(),
			label: 'cli',
			settings: {
				'hookwarden.rules': [ASK_TOUCH],
				'hookwarden.audit.path': path.basename(auditFile),
				// The terminal the person opens is a plain shell in the workspace.
				'terminal.integrated.defaultProfile.linux': 'bash',
				'terminal.integrated.enablePersistentSessions': false,
			},
			env: {
				HOME: home,
				XDG_RUNTIME_DIR: runtime,
				// What the person exported before starting VS Code: the CLI's model comes from the scripted server (BYOK).
				COPILOT_PROVIDER_BASE_URL: model.baseUrl,
				COPILOT_PROVIDER_API_KEY: 'scripted',
				COPILOT_MODEL: 'gpt-4.1',
				COPILOT_HOME: undefined,
				HOOKWARDEN_ENDPOINT: undefined,
				HOOKWARDEN_SECRET_FILE: undefined,
				HOOKWARDEN_USER_SETTINGS: undefined,
			},
		});
		wb = await openWorkbench(server, { folder: workspace });
	});

	afterEach(async function () {
		if (this.currentTest?.state === 'failed') {
			await wb?.saveDiagnostics(this.currentTest.fullTitle()).catch(() => undefined);
		}
	});

	after(async () => {
		await wb?.close();
		await server?.stop();
		await model?.close();
		if (root) {
			removeTestRoot(root, home);
		}
	});

	it('installs its hooks for the person with "Hookwarden: Install Hooks" (For Me)', async function () {
		this.timeout(240_000);
		assert.ok(wb);
		// Activation writes the launcher; on a loaded machine that can take a while, and the command waits for it.
		await pollUntil(
			() => fs.existsSync(path.join(home, '.hookwarden', 'bin', 'hookwarden-hook')) || undefined,
			{ timeoutMs: 90_000, describe: () => 'Hookwarden never activated (no launcher written)' },
		);
		await wb.installHooksWithCommand(
			'For Me (All Workspaces)',
			path.join(home, '.copilot', 'hooks', HOOK_FILE_NAME),
		);
	});

	it('Allow Once in the window lets the CLI run the tool', async function () {
		this.timeout(420_000);
		assert.ok(model);
		model.setScript([
			{ tool: 'bash', args: { command: 'touch asked-allow.txt', description: 'Create the file' } },
			{ text: 'Created it.' },
		]);
		const events = await askThroughTheWindow('asked-allow.txt', 'Allow Once');
		assert.ok(fs.existsSync(path.join(workspace, 'asked-allow.txt')), 'the allowed tool never ran');
		const pre = events.find((e) => e.event === 'PreToolUse');
		assert.equal(pre?.origin, 'window', JSON.stringify(pre));
		assert.deepEqual(
			[pre.approval?.kind, pre.verdict, pre.asked?.decidedBy?.ruleId],
			['allowed', 'allow', 'ask-touch'],
		);
		// The terminal's CLI is named as such, though its payload looks like Claude's (Hookwarden's PascalCase file).
		assert.deepEqual([...new Set(events.map((e) => e.input.harness))], ['copilotCli']);
		assert.ok(
			events.some((e) => e.event === 'PostToolUse'),
			JSON.stringify(events.map((e) => e.event)),
		);
	});

	it('Deny in the window keeps the tool from running, and the CLI tells the model why', async function () {
		this.timeout(420_000);
		assert.ok(model);
		model.setScript([
			{ tool: 'bash', args: { command: 'touch asked-deny.txt', description: 'Create the file' } },
			{ text: 'I was not allowed to.' },
		]);
		const requestsBefore = model.requests.length;
		const events = await askThroughTheWindow('asked-deny.txt', 'Deny');
		assert.ok(!fs.existsSync(path.join(workspace, 'asked-deny.txt')), 'the denied tool ran');
		const pre = events.find((e) => e.event === 'PreToolUse');
		assert.deepEqual([pre?.approval?.kind, pre?.verdict], ['denied', 'deny']);
		const told = model.requests
			.slice(requestsBefore)
			.flat()
			.filter((m) => m.role === 'tool')
			.map((m) => m.content);
		assert.deepEqual(told, [`Denied by preToolUse hook: ${pre?.reason ?? ''}`]);
		assert.ok(wb);
		await wb.screenshot('cli-terminal-denied');
	});
});
