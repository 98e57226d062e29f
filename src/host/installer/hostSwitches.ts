import * as fs from 'node:fs/promises';
import * as path from 'node:path';

import * as vscode from 'vscode';

import type { HostHookSwitches } from '../../core/hostPolicy/hooksSwitchedOff';
import type { StartedSession } from '../../core/hostPolicy/silentSessions';
import { POLICY_HOOK_FOLDERS } from '../../node/installer/policyHook';
import { readSettingsFile } from '../../node/settings/readSettingsFile';

/** The VS Code settings that decide whether hook files run; a change to one re-checks. */
export const HOOK_SWITCH_SETTINGS = ['chat.useHooks', 'chat.hooks.allowManagedOnly'];

/**
 * Reads what decides whether Hookwarden's hook file runs: VS Code's hook switches (an organisation's policy shows as
 * the value in force), the Copilot settings files that set
 * `disableAllHooks`, and whether the root-owned policy hook is installed.
 */
export async function readHostSwitches(
	home: string,
	workspaceFolders: readonly string[],
): Promise<HostHookSwitches> {
	const chat = vscode.workspace.getConfiguration('chat');
	const managed = chat.inspect<boolean>('hooks.allowManagedOnly');
	const allowManagedHooksOnly = chat.get<boolean>('hooks.allowManagedOnly', false);
	// The API shows no policy value; on with no scope of the person's setting it, it can only come from policy.
	const setByPerson = [
		managed?.globalValue,
		managed?.workspaceValue,
		managed?.workspaceFolderValue,
	].includes(true);
	const copilotSettings = [
		path.join(home, '.copilot', 'settings.json'),
		...workspaceFolders.flatMap((folder) =>
			['settings.json', 'settings.local.json'].map((name) =>
				path.join(folder, '.github', 'copilot', name),
			),
		),
	];
	const folders =
		process.platform === 'win32' ? POLICY_HOOK_FOLDERS.win32 : POLICY_HOOK_FOLDERS.posix;
	return {
		useHooks: chat.get<boolean>('useHooks', true),
		allowManagedHooksOnly,
		allowManagedHooksOnlyByPolicy: allowManagedHooksOnly && !setByPerson,
		copilotDisableAllHooks: copilotSettings.filter(disablesAllHooks),
		policyHookInstalled: await exists(path.join(folders.policyD, 'hookwarden.json')),
	};
}

function disablesAllHooks(file: string): boolean {
	const reading = readSettingsFile(file);
	return (
		reading.kind === 'read' &&
		typeof reading.value === 'object' &&
		reading.value !== null &&
		(reading.value as { disableAllHooks?: unknown }).disableAllHooks === true
	);
}

/**
 * The sessions the hosts' own records show: the Copilot runtime's `~/.copilot/session-state/<id>` (the CLI, VS Code's
 * Copilot harness, SDK apps) for sessions that ran in one of this window's folders, whose headless decisions this
 * window's audit logs hold, and Copilot Chat's transcripts `<id>.jsonl` (the Local agent), with when each began.
 */
export async function startedSessions(
	home: string,
	transcriptFolders: readonly string[],
	workspaceFolders: readonly string[],
	since: number,
): Promise<StartedSession[]> {
	const runtime = path.join(home, '.copilot', 'session-state');
	const inThisWindow = async (id: string) => {
		const state = await fs
			.readFile(path.join(runtime, id, 'workspace.yaml'), 'utf8')
			.catch(() => '');
		const cwd = /^cwd: (.+)$/m.exec(state)?.[1]?.trim();
		return (
			cwd !== undefined &&
			workspaceFolders.some((folder) => cwd === folder || cwd.startsWith(folder + path.sep))
		);
	};
	const found: StartedSession[] = [];
	for (const session of await entriesOf(runtime, (name) => name)) {
		// Older sessions say nothing about the hooks installed since; their state is not read at all.
		if (session.startedAt >= since && (await inThisWindow(session.id))) {
			found.push(session);
		}
	}
	for (const folder of transcriptFolders) {
		found.push(...(await entriesOf(folder, (name) => /^(.+)\.jsonl$/.exec(name)?.[1])));
	}
	return found;
}

async function entriesOf(
	folder: string,
	idOf: (name: string) => string | undefined,
): Promise<StartedSession[]> {
	const names = await fs.readdir(folder).catch(() => [] as string[]);
	const sessions: StartedSession[] = [];
	for (const name of names) {
		const id = idOf(name);
		const stat =
			id === undefined ? undefined : await fs.stat(path.join(folder, name)).catch(() => undefined);
		if (id !== undefined && stat) {
			sessions.push({
				id,
				startedAt: stat.birthtimeMs > 0 ? stat.birthtimeMs : stat.ctimeMs,
				seenAt: path.join(folder, name),
			});
		}
	}
	return sessions;
}

async function exists(file: string): Promise<boolean> {
	try {
		await fs.access(file);
		return true;
	} catch {
		return false;
	}
}
