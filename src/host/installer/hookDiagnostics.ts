import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';

import * as vscode from 'vscode';

import { hooksSwitchedOff } from '../../core/hostPolicy/hooksSwitchedOff';
import type { HooksSwitchedOff } from '../../core/hostPolicy/hooksSwitchedOff';
import { managedRouteText } from '../../core/hostPolicy/managedRoutes';
import { silentSessions } from '../../core/hostPolicy/silentSessions';
import type { RuntimeHookFile } from './answerOrder';
import { filesAnsweringFirst } from './answerOrder';
import type { HookFileLocation, RegisteringFile } from './hookFile';
import {
	duplicateRegistrations,
	hookFileLocations,
	readHookFile,
	referencedPaths,
} from './hookFile';
import type { HookInstaller } from './hookInstaller';
import { HOOK_SWITCH_SETTINGS, readHostSwitches, startedSessions } from './hostSwitches';

/** A problem with how Hookwarden's hooks are registered, and the one action that fixes it. */
export interface HookProblem {
	readonly id:
		| 'hooksDisabled'
		| 'copilotHooksDisabled'
		| 'silentSession'
		| 'workspaceUntrusted'
		| 'duplicateRegistration'
		| 'missingPath'
		| 'answersFirst';
	readonly message: string;
	/** The host setting that switched Hookwarden off, when one did (`chat.hooks.allowManagedOnly`). */
	readonly setting?: string;
	readonly action: { readonly title: string; readonly run: () => Promise<void> };
}

/** What tells the diagnostics that a session reached Hookwarden, and where Copilot Chat keeps its transcripts. */
export interface SessionSources {
	/** Whether any event of this session reached Hookwarden (in this window or in an audit log). */
	readonly heardFrom: (sessionId: string) => boolean;
	/** Copilot Chat's transcripts folders of this window's workspace storage. */
	readonly transcriptFolders: readonly string[];
}

/** A hook file Local reads that registers Hookwarden. */
interface FoundFile extends RegisteringFile {
	readonly location: HookFileLocation;
}

const RECHECK_DELAY_MS = 300;
const CHAT_SETTINGS = [...HOOK_SWITCH_SETTINGS, 'chat.useClaudeHooks', 'chat.hookFilesLocations'];
// A session's first event comes within a second of its start (measured: 0.2–0.4 s); a minute leaves room for a slow
// start without leaving a session that ran without Hookwarden unreported for long.
const SILENT_GRACE_MS = 60_000;
const SILENT_RECHECK_MS = 60_000;

async function exists(file: string): Promise<boolean> {
	try {
		await fs.access(file);
		return true;
	} catch {
		return false;
	}
}

async function filesAt(location: HookFileLocation): Promise<string[]> {
	if (location.kind === 'file') {
		return [location.path];
	}
	try {
		const names = await fs.readdir(location.path);
		return names
			.filter((name) => name.toLowerCase().endsWith('.json'))
			.map((name) => path.join(location.path, name));
	} catch {
		return [];
	}
}

/**
 * Finds why Hookwarden's hooks would not run, or would run twice: agent hooks turned off, an untrusted workspace that
 * hides its `.github/hooks`, Hookwarden registered in more than one file Local reads, a file that runs a path that
 * does not exist, or another hook file that answers a tool call before Hookwarden where the first answer wins. Re-checks when the chat hook settings, the trust, the folders or any hook file changes.
 */
export class HookDiagnostics implements vscode.Disposable {
	private readonly onDidChangeProblemsEmitter = new vscode.EventEmitter<readonly HookProblem[]>();
	private readonly subscriptions: vscode.Disposable[] = [this.onDidChangeProblemsEmitter];
	private current: readonly HookProblem[] = [];
	private timer: ReturnType<typeof setTimeout> | undefined;
	/** Fires with the new list whenever a re-check finds a different set of problems. */
	readonly onDidChangeProblems = this.onDidChangeProblemsEmitter.event;

	constructor(
		private readonly installer: HookInstaller,
		private readonly home: string = os.homedir(),
		private readonly sessions?: SessionSources,
	) {
		if (sessions) {
			const interval = setInterval(() => this.scheduleCheck(), SILENT_RECHECK_MS);
			interval.unref?.();
			this.subscriptions.push(new vscode.Disposable(() => clearInterval(interval)));
		}
		const recheck = () => this.scheduleCheck();
		const userHooks = (sub: string, glob: string) =>
			vscode.workspace.createFileSystemWatcher(
				new vscode.RelativePattern(vscode.Uri.file(path.join(home, sub)), glob),
			);
		const watchers = [
			vscode.workspace.createFileSystemWatcher(
				'**/{.github/hooks/*.json,.claude/settings.json,.claude/settings.local.json}',
			),
			userHooks(path.join('.copilot', 'hooks'), '*.json'),
			userHooks('.claude', 'settings.json'),
			userHooks(path.join('.hookwarden', 'bin'), '*'),
		];
		for (const watcher of watchers) {
			this.subscriptions.push(
				watcher,
				watcher.onDidCreate(recheck),
				watcher.onDidChange(recheck),
				watcher.onDidDelete(recheck),
			);
		}
		this.subscriptions.push(
			vscode.workspace.onDidChangeConfiguration(
				(e) => CHAT_SETTINGS.some((s) => e.affectsConfiguration(s)) && recheck(),
			),
			vscode.workspace.onDidGrantWorkspaceTrust(recheck),
			vscode.workspace.onDidChangeWorkspaceFolders(recheck),
			new vscode.Disposable(installer.onDidChange(recheck)),
		);
	}

	/** The problems found by the last check. */
	get problems(): readonly HookProblem[] {
		return this.current;
	}

	/** Checks now and returns the problems; fires {@link onDidChangeProblems} when they changed. */
	async check(): Promise<readonly HookProblem[]> {
		const chat = vscode.workspace.getConfiguration('chat');
		const found = await this.findRegisteringFiles(chat);
		const problems: HookProblem[] = [];
		const folders = this.workspaceFolders();
		for (const off of hooksSwitchedOff(await readHostSwitches(this.home, folders))) {
			if (found.length > 0 || off.setting === 'disableAllHooks') {
				problems.push(this.switchedOffProblem(off));
			}
		}
		const silent = await this.silentSessionProblem(found);
		if (silent) {
			problems.push(silent);
		}
		if (!vscode.workspace.isTrusted && found.some((f) => f.location.scope === 'workspace')) {
			problems.push({
				id: 'workspaceUntrusted',
				message:
					'this workspace is not trusted, so VS Code ignores its hook files, Hookwarden’s included.',
				action: {
					title: 'Manage Workspace Trust',
					run: async () => void (await vscode.commands.executeCommand('workbench.trust.manage')),
				},
			});
		}
		const duplicate = this.duplicateProblem(found);
		if (duplicate) {
			problems.push(duplicate);
		}
		problems.push(...(await this.missingPathProblems(found)));
		const first = await this.answersFirstProblem();
		if (first) {
			problems.push(first);
		}
		const changed =
			JSON.stringify(problems.map((p) => p.message)) !==
			JSON.stringify(this.current.map((p) => p.message));
		this.current = problems;
		if (changed) {
			this.onDidChangeProblemsEmitter.fire(problems);
		}
		return problems;
	}

	/** Whether any file Local reads registers Hookwarden, whatever its problems. */
	async isRegistered(): Promise<boolean> {
		return (await this.findRegisteringFiles(vscode.workspace.getConfiguration('chat'))).length > 0;
	}

	dispose(): void {
		clearTimeout(this.timer);
		vscode.Disposable.from(...this.subscriptions).dispose();
	}

	private scheduleCheck(): void {
		clearTimeout(this.timer);
		this.timer = setTimeout(() => void this.check().catch(() => undefined), RECHECK_DELAY_MS);
	}

	private async findRegisteringFiles(chat: vscode.WorkspaceConfiguration): Promise<FoundFile[]> {
		const locations = hookFileLocations({
			workspaceFolders: (vscode.workspace.workspaceFolders ?? [])
				.filter((f) => f.uri.scheme === 'file')
				.map((f) => f.uri.fsPath),
			home: this.home,
			useClaudeHooks: chat.get<boolean>('useClaudeHooks', false),
			hookFilesLocations: chat.get<Record<string, boolean>>('hookFilesLocations', {}),
		});
		const found: FoundFile[] = [];
		const seen = new Set<string>();
		for (const location of locations) {
			for (const file of await filesAt(location)) {
				if (seen.has(file)) {
					continue;
				}
				seen.add(file);
				const text = await fs.readFile(file, 'utf8').catch(() => undefined);
				const reading = text === undefined ? undefined : readHookFile(text);
				if (reading?.ok && !reading.disabled && reading.registrations.some((r) => r.ours)) {
					found.push({ path: file, location, registrations: reading.registrations });
				}
			}
		}
		return found;
	}

	private duplicateProblem(found: readonly FoundFile[]): HookProblem | undefined {
		const duplicates = duplicateRegistrations(found);
		const paths = [...new Set(duplicates.flatMap((d) => d.paths))];
		if (paths.length === 0) {
			return undefined;
		}
		const installed = new Set(this.installer.installedFiles.map((r) => r.path));
		// Keep the user-scope file when there is one (it serves every workspace); fix the first other copy.
		const keep =
			paths.find(
				(p) => installed.has(p) && found.find((f) => f.path === p)?.location.scope === 'user',
			) ?? paths[0];
		const extra = paths.find((p) => p !== keep) ?? paths[0] ?? '';
		const message =
			paths.length > 1
				? `Hookwarden is registered in ${paths.length} hook files (${paths.map((p) => this.displayPath(p)).join(', ')}), so each hook event runs it ${paths.length} times.`
				: `${this.displayPath(extra)} registers Hookwarden more than once for the same event, so it runs twice.`;
		const action = installed.has(extra)
			? {
					title: `Remove ${this.displayPath(extra)}`,
					run: async () => void (await this.installer.removeInstalled(extra)),
				}
			: { title: `Open ${path.basename(extra)}`, run: () => this.open(extra) };
		return { id: 'duplicateRegistration', message, action };
	}

	private async missingPathProblems(found: readonly FoundFile[]): Promise<HookProblem[]> {
		const windows = process.platform === 'win32';
		const problems: HookProblem[] = [];
		for (const file of found) {
			const commands = file.registrations.filter((r) => r.ours).flatMap((r) => r.commands);
			const paths = new Set(
				commands.flatMap((c) =>
					referencedPaths(c, { home: this.home, userProfile: process.env.USERPROFILE }),
				),
			);
			for (const referenced of paths) {
				const native = windows
					? /^[A-Za-z]:[\\/]|^\\\\/.test(referenced)
					: referenced.startsWith('/') && !referenced.includes('\\'); // not the `windows` command's path
				if (!native || (await exists(referenced))) {
					continue;
				}
				const ours = this.installer.installedFiles.some((r) => r.path === file.path);
				const isLauncher = Object.values(this.installer.launcherPaths).some(
					(p) => path.resolve(p) === path.resolve(referenced),
				);
				problems.push({
					id: 'missingPath',
					message: `${this.displayPath(file.path)} runs ${referenced}, which does not exist, so its hooks do nothing.`,
					action:
						ours || isLauncher
							? { title: 'Reinstall Hooks', run: () => this.installer.refreshIfStale() }
							: { title: `Open ${path.basename(file.path)}`, run: () => this.open(file.path) },
				});
				break;
			}
		}
		return problems;
	}

	/**
	 * Another hook file the Copilot runtime runs before Hookwarden's (see answerOrder.ts): there the first hook that
	 * denies or asks about a tool call answers for all, so a call it stops never reaches Hookwarden.
	 */
	private async answersFirstProblem(): Promise<HookProblem | undefined> {
		const folders = [
			{ path: path.join(this.home, '.copilot', 'hooks'), scope: 'user' as const },
			...(vscode.workspace.workspaceFolders ?? [])
				.filter((f) => f.uri.scheme === 'file')
				.map((f) => ({
					path: path.join(f.uri.fsPath, '.github', 'hooks'),
					scope: 'workspace' as const,
				})),
		];
		const files: RuntimeHookFile[] = [];
		for (const folder of folders) {
			for (const file of await filesAt({ ...folder, kind: 'folder', format: 'hooks' })) {
				const text = await fs.readFile(file, 'utf8').catch(() => undefined);
				const reading = text === undefined ? undefined : readHookFile(text);
				if (reading?.ok && !reading.disabled) {
					files.push({ path: file, scope: folder.scope, registrations: reading.registrations });
				}
			}
		}
		const before = filesAnsweringFirst(files);
		const [firstFile] = before;
		if (!firstFile) {
			return undefined;
		}
		const others = before.length > 1 ? ` and ${before.length - 1} more` : '';
		return {
			id: 'answersFirst',
			message: `${this.displayPath(firstFile.path)}${others} ${before.length > 1 ? 'run' : 'runs'} before Hookwarden in the Copilot CLI and VS Code's Copilot harness, where the first hook to deny or ask about a tool call answers for all: a call it stops never reaches Hookwarden.`,
			action: {
				title: `Open ${path.basename(firstFile.path)}`,
				run: () => this.open(firstFile.path),
			},
		};
	}

	private switchedOffProblem(off: HooksSwitchedOff): HookProblem {
		const text = managedRouteText(off.routes, path.join(__dirname, 'bridge.js'));
		return {
			id: off.setting === 'disableAllHooks' ? 'copilotHooksDisabled' : 'hooksDisabled',
			message: off.message,
			setting: off.setting,
			action:
				off.routes[0] === 'turnOnHooks'
					? { title: 'Turn On Agent Hooks', run: () => this.turnOnHooks() }
					: {
							title: 'Copy the Administrator’s Steps',
							run: async () => {
								await vscode.env.clipboard.writeText(text);
								void vscode.window.showInformationMessage(
									'Hookwarden: the steps for your administrator are on the clipboard.',
								);
							},
						},
		};
	}

	/**
	 * A session the host started after Hookwarden's hook file was written that never sent Hookwarden an event: whatever
	 * the settings say, the host ran it without Hookwarden.
	 */
	private async silentSessionProblem(
		found: readonly FoundFile[],
	): Promise<HookProblem | undefined> {
		if (!this.sessions || found.length === 0) {
			return undefined;
		}
		const written = await Promise.all(
			found.map((f) =>
				fs.stat(f.path).then(
					(s) => s.mtimeMs,
					() => Number.POSITIVE_INFINITY,
				),
			),
		);
		const { heardFrom, transcriptFolders } = this.sessions;
		const installedAt = Math.min(...written);
		const silent = silentSessions({
			started: await startedSessions(
				this.home,
				transcriptFolders,
				this.workspaceFolders(),
				installedAt,
			),
			heardFrom,
			installedAt,
			now: Date.now(),
			graceMs: SILENT_GRACE_MS,
		});
		const [first] = silent;
		if (!first) {
			return undefined;
		}
		const more = silent.length > 1 ? ` (and ${silent.length - 1} more)` : '';
		return {
			id: 'silentSession',
			message: `the agent session ${first.id}${more} started after Hookwarden’s hooks were installed but never sent Hookwarden an event, so it ran without Hookwarden (seen at ${this.displayPath(first.seenAt)}). A host setting or policy may keep hook files from running.`,
			action: {
				title: 'Open Hookwarden',
				run: async () =>
					void (await vscode.commands.executeCommand('workbench.view.extension.hookwarden')),
			},
		};
	}

	private workspaceFolders(): string[] {
		return (vscode.workspace.workspaceFolders ?? [])
			.filter((f) => f.uri.scheme === 'file')
			.map((f) => f.uri.fsPath);
	}

	private async turnOnHooks(): Promise<void> {
		const chat = vscode.workspace.getConfiguration('chat');
		const inspected = chat.inspect<boolean>('useHooks');
		try {
			if (inspected?.workspaceValue === false) {
				await chat.update('useHooks', true, vscode.ConfigurationTarget.Workspace);
			}
			if (inspected?.globalValue === false || inspected?.workspaceValue !== false) {
				await chat.update('useHooks', true, vscode.ConfigurationTarget.Global);
			}
		} catch (error) {
			void vscode.window.showErrorMessage(
				`Hookwarden could not turn on chat.useHooks (it may be set by your organization): ${(error as Error).message}`,
			);
		}
	}

	private async open(file: string): Promise<void> {
		await vscode.window.showTextDocument(vscode.Uri.file(file));
	}

	private displayPath(file: string): string {
		const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(file));
		if (folder) {
			return path.relative(folder.uri.fsPath, file) || file;
		}
		return file.startsWith(this.home + path.sep) ? `~${file.slice(this.home.length)}` : file;
	}
}
