import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

import type * as vscode from 'vscode';

import { Listeners } from '../../core/util/listeners';
import type { HookScope } from './hookFile';
import {
	hookFilePath,
	hookFileState,
	readHookFile,
	renderHookFile,
	vscodeHookFile,
} from './hookFile';
import type { LauncherInputs } from './launcherScripts';
import {
	LAUNCHER_NAMES,
	launcherFolder,
	posixLauncher,
	powershellLauncher,
} from './launcherScripts';
import type { InstallPrompts } from './installPromptsPort';

/** A hook file Hookwarden wrote, remembered in `globalState` so *Uninstall Hooks* removes exactly what was written. */
export interface InstalledHookFile {
	readonly path: string;
	readonly scope: HookScope;
	/** SHA-256 of the text written; a different hash on disk means someone edited the file since. */
	readonly sha256: string;
}

/** Where the installer reports what it wrote and what went wrong. */
export interface InstallerLog {
	info(message: string): void;
	error(message: string): void;
}

/** What the installer needs from the machine and the extension; `startInstaller` fills it from VS Code. */
export interface HookInstallerOptions {
	readonly home: string;
	readonly platform: NodeJS.Platform;
	readonly launcher: LauncherInputs;
	/** `hookwarden.approval.timeoutSeconds`, read when a file is written. */
	readonly approvalTimeoutSeconds: () => number;
	/** Absolute paths of the open workspace folders; stale workspace files are refreshed only inside them. */
	readonly workspaceFolders: () => readonly string[];
	readonly log: InstallerLog;
	readonly prompts: InstallPrompts;
}

const ASKED_KEY = 'hookwarden.installer.askedScope';
const WRITTEN_KEY = 'hookwarden.installer.writtenFiles';

function sha256(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

async function readText(file: string): Promise<string | undefined> {
	try {
		return await fs.readFile(file, 'utf8');
	} catch {
		return undefined;
	}
}

/** Writes through a temporary file and a rename, so a hook runner never reads half a file. */
async function writeAtomically(file: string, text: string, mode?: number): Promise<void> {
	await fs.mkdir(path.dirname(file), { recursive: true });
	const temporary = `${file}.${randomUUID().slice(0, 8)}.tmp`;
	try {
		await fs.writeFile(temporary, text, mode === undefined ? 'utf8' : { encoding: 'utf8', mode });
		if (mode !== undefined) {
			await fs.chmod(temporary, mode);
		}
		await fs.rename(temporary, file);
	} finally {
		await fs.rm(temporary, { force: true });
	}
}

/**
 * Installs, refreshes and removes Hookwarden's hook registration: the per-user launchers in `~/.hookwarden/bin`
 * (rewritten on activation when their text differs) and one hook file per chosen scope. It writes nothing without the
 * person's consent, remembers every file it wrote, and never deletes a file someone edited without asking.
 */
export class HookInstaller {
	private readonly changed = new Listeners<void>();

	constructor(
		private readonly state: Pick<vscode.Memento, 'get' | 'update'>,
		private readonly options: HookInstallerOptions,
	) {}

	/** Subscribes to every change the installer makes (a hook file or a launcher written or removed). */
	onDidChange(listener: () => void): () => void {
		return this.changed.add(listener);
	}

	/** The files this installer wrote and still owns. */
	get installedFiles(): readonly InstalledHookFile[] {
		return this.state.get<InstalledHookFile[]>(WRITTEN_KEY, []);
	}

	/** Absolute paths of the POSIX and PowerShell launchers. */
	get launcherPaths(): { readonly posix: string; readonly powershell: string } {
		const folder = launcherFolder(this.options.home, this.options.platform);
		return {
			posix: path.join(folder, LAUNCHER_NAMES.posix),
			powershell: path.join(folder, LAUNCHER_NAMES.powershell),
		};
	}

	/** The hook file text the installer writes with the current settings. */
	expectedHookFileText(): string {
		return renderHookFile(
			vscodeHookFile({ approvalTimeoutSeconds: this.options.approvalTimeoutSeconds() }),
		);
	}

	/** Writes both launchers when their text differs from what this version would write; cheap when they are current. */
	async ensureLaunchers(): Promise<void> {
		const { posix, powershell } = this.launcherPaths;
		let changed = false;
		for (const [file, text, mode] of [
			[posix, posixLauncher(this.options.launcher), 0o755],
			[powershell, powershellLauncher(this.options.launcher), 0o644],
		] as const) {
			if ((await readText(file)) !== text) {
				await writeAtomically(file, text, mode);
				this.options.log.info(`wrote the hook launcher ${file}`);
				changed = true;
			} else if (this.options.platform !== 'win32' && mode === 0o755) {
				await fs.chmod(file, mode);
			}
		}
		if (changed) {
			this.changed.fire();
		}
	}

	/**
	 * Registers the hooks in one scope (asking for the folder when the window has several) and returns the file written,
	 * or `undefined` when the person cancelled or there is no folder for a workspace install.
	 */
	async install(scope: HookScope): Promise<string | undefined> {
		const base =
			scope === 'user' ? this.options.home : await this.options.prompts.pickFolderForHooks();
		if (base === undefined) {
			return undefined;
		}
		const file = hookFilePath(scope, base);
		const text = this.expectedHookFileText();
		const existing = await readText(file);
		if (
			existing !== undefined &&
			existing !== text &&
			!this.isUnchangedSinceWritten(file, existing)
		) {
			const state = hookFileState(existing, text);
			if (
				(state === 'foreign' || state === 'invalid') &&
				!(await this.options.prompts.confirmReplaceHookFile(file))
			) {
				return undefined;
			}
		}
		await this.ensureLaunchers();
		if (existing !== text) {
			await writeAtomically(file, text);
		}
		await this.remember({ path: file, scope, sha256: sha256(text) });
		this.options.log.info(`installed the hooks in ${file}`);
		this.changed.fire();
		return file;
	}

	/**
	 * Removes every hook file this installer wrote (asking first for one someone edited since) and returns the files
	 * removed. The launchers stay: they do nothing without a hook file, and committed workspace files may still use them.
	 */
	async uninstall(): Promise<string[]> {
		const removed: string[] = [];
		for (const record of this.installedFiles) {
			if (await this.removeInstalled(record.path)) {
				removed.push(record.path);
			}
		}
		return removed;
	}

	/** Removes one file this installer wrote; `false` when it is not Hookwarden's or the person kept an edited copy. */
	async removeInstalled(file: string): Promise<boolean> {
		const record = this.installedFiles.find((r) => r.path === file);
		if (!record) {
			return false;
		}
		const existing = await readText(file);
		let removed = false;
		if (
			existing !== undefined &&
			(sha256(existing) === record.sha256 || (await this.options.prompts.confirmUninstall(file)))
		) {
			await fs.rm(file, { force: true });
			this.options.log.info(`removed the hooks from ${file}`);
			removed = true;
		}
		// Either way the file is no longer Hookwarden's: it is gone, or the person kept their edited copy.
		await this.state.update(
			WRITTEN_KEY,
			this.installedFiles.filter((r) => r.path !== file),
		);
		this.changed.fire();
		return removed;
	}

	/**
	 * Brings the launchers and the installed files up to date after an update or a settings change. A file someone
	 * edited is left alone, a deleted one is not recreated, and workspace files are touched only in open folders.
	 */
	async refreshIfStale(): Promise<void> {
		try {
			await this.ensureLaunchers();
			const text = this.expectedHookFileText();
			const open = this.options.workspaceFolders().map((f) => f + path.sep);
			for (const record of this.installedFiles) {
				if (
					record.scope === 'workspace' &&
					!open.some((folder) => record.path.startsWith(folder))
				) {
					continue;
				}
				const existing = await readText(record.path);
				if (existing === undefined || existing === text) {
					continue;
				}
				if (sha256(existing) !== record.sha256) {
					this.options.log.info(
						`left ${record.path} as it is: it was edited after Hookwarden wrote it`,
					);
					continue;
				}
				await writeAtomically(record.path, text);
				await this.remember({ ...record, sha256: sha256(text) });
				this.options.log.info(`refreshed the stale hook file ${record.path}`);
				this.changed.fire();
			}
		} catch (error) {
			this.options.log.error(
				`could not refresh the hook registration: ${(error as Error).message}`,
			);
		}
	}

	/**
	 * On the first activation, asks once where to install the hooks and installs them there. It does not ask when a file
	 * is already installed or an open folder already registers Hookwarden (a teammate's committed file).
	 */
	async askForScopeOnce(): Promise<void> {
		if (
			this.state.get<boolean>(ASKED_KEY, false) ||
			this.installedFiles.length > 0 ||
			(await this.openFolderRegistersHookwarden())
		) {
			return;
		}
		await this.state.update(ASKED_KEY, true);
		const scope = await this.options.prompts.askInstallScope({
			firstRun: true,
			hasWorkspace: this.options.workspaceFolders().length > 0,
		});
		if (scope) {
			await this.install(scope);
		}
	}

	private isUnchangedSinceWritten(file: string, text: string): boolean {
		return this.installedFiles.some((r) => r.path === file && r.sha256 === sha256(text));
	}

	private async openFolderRegistersHookwarden(): Promise<boolean> {
		for (const folder of this.options.workspaceFolders()) {
			const text = await readText(hookFilePath('workspace', folder));
			const reading = text === undefined ? undefined : readHookFile(text);
			if (reading?.ok && reading.registrations.some((r) => r.ours)) {
				return true;
			}
		}
		return false;
	}

	private async remember(record: InstalledHookFile): Promise<void> {
		await this.state.update(WRITTEN_KEY, [
			...this.installedFiles.filter((r) => r.path !== record.path),
			record,
		]);
	}
}
