import * as path from 'node:path';

import * as vscode from 'vscode';

import type { CompiledPolicy } from '../core/policy/compilePolicy';
import { compilePolicy } from '../core/policy/compilePolicy';
import type { SettingProblem } from '../core/settings/readPolicySettings';
import type { SettingsLayer } from '../core/settings/settingsLayer';
import { describeSettingProblem, readPolicySettings } from '../core/settings/readPolicySettings';
import { POLICY_SETTINGS, SETTINGS_SECTION } from '../core/settings/settingsSchema';
import type { RuleSource } from '../core/terms/decision';
import type { MachinePolicyReading } from '../node/settings/machinePolicy';

/** The administrator's machine policy, as PolicyConfig needs it: the layer in force and when it changes. */
export interface MachinePolicySource {
	layer(): SettingsLayer | undefined;
	/** What the last read found, for the views: read, absent, or ignored and why. */
	reading(): MachinePolicyReading;
	readonly onDidChange: vscode.Event<void>;
}

/**
 * The policy in force for each workspace folder, read from VS Code's configuration scope by scope (user, workspace,
 * folder) so every rule keeps its provenance. In an untrusted workspace the workspace and folder layers are
 * tighten-only (see readPolicySettings): a cloned repository can tighten the policy but never loosen it. The machine
 * policy, when there is one, is the last and strongest layer: what it sets, no scope can loosen.
 */
export class PolicyConfig implements vscode.Disposable {
	private readonly cache = new Map<string, CompiledPolicy>();
	private readonly reported = new Set<string>();
	private readonly onDidChangeEmitter = new vscode.EventEmitter<void>();
	private readonly subscriptions: vscode.Disposable[];
	/** Fires after any `hookwarden.*` setting, the folders or the workspace trust changed. */
	readonly onDidChange = this.onDidChangeEmitter.event;

	constructor(
		private readonly userSettingsFile: string,
		private readonly log: vscode.LogOutputChannel,
		private readonly machine?: MachinePolicySource,
	) {
		const invalidate = () => {
			this.cache.clear();
			this.onDidChangeEmitter.fire();
		};
		this.subscriptions = [
			this.onDidChangeEmitter,
			vscode.workspace.onDidChangeConfiguration(
				(change) => change.affectsConfiguration(SETTINGS_SECTION) && invalidate(),
			),
			vscode.workspace.onDidChangeWorkspaceFolders(invalidate),
			vscode.workspace.onDidGrantWorkspaceTrust(invalidate),
			...(machine ? [machine.onDidChange(invalidate)] : []),
		];
	}

	/** The compiled policy for the folder (or the window when `undefined`); compiled once per change. */
	policyFor(workspaceFolder: string | undefined): CompiledPolicy {
		const key = workspaceFolder ?? '';
		let policy = this.cache.get(key);
		if (!policy) {
			policy = this.compile(workspaceFolder);
			this.cache.set(key, policy);
		}
		return policy;
	}

	/** The machine policy as last read, or `undefined` in a window built without one. */
	machinePolicy(): MachinePolicyReading | undefined {
		return this.machine?.reading();
	}

	/** Every problem in the current settings, for the *Policies* view and diagnostics. */
	problems(workspaceFolder: string | undefined): SettingProblem[] {
		const { problems } = readPolicySettings(this.layers(workspaceFolder));
		return [...problems, ...this.policyFor(workspaceFolder).problems];
	}

	dispose(): void {
		vscode.Disposable.from(...this.subscriptions).dispose();
	}

	private compile(workspaceFolder: string | undefined): CompiledPolicy {
		const { settings, problems } = readPolicySettings(this.layers(workspaceFolder));
		const policy = compilePolicy(settings);
		for (const problem of [...problems, ...policy.problems]) {
			const line = describeSettingProblem(problem);
			// Each problem is logged once, not on every recompile.
			if (!this.reported.has(line)) {
				this.reported.add(line);
				this.log.warn(line);
			}
		}
		return policy;
	}

	/** The `hookwarden.*` values of each scope (user, workspace, folder) for a folder, with where they were written. */
	layers(workspaceFolder: string | undefined): SettingsLayer[] {
		const folderUri = workspaceFolder ? vscode.Uri.file(workspaceFolder) : undefined;
		const configuration = vscode.workspace.getConfiguration(SETTINGS_SECTION, folderUri);
		const workspaceFile = vscode.workspace.workspaceFile;
		const sources: Record<'user' | 'workspace' | 'folder', RuleSource> = {
			user: { kind: 'userSettings', file: this.userSettingsFile },
			workspace: {
				kind: 'workspaceSettings',
				file:
					workspaceFile?.scheme === 'file'
						? workspaceFile.fsPath
						: path.join(
								vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '',
								'.vscode',
								'settings.json',
							),
			},
			folder: {
				kind: 'workspaceFolderSettings',
				file: path.join(workspaceFolder ?? '', '.vscode', 'settings.json'),
			},
		};
		const values = {
			user: {} as Record<string, unknown>,
			workspace: {} as Record<string, unknown>,
			folder: {} as Record<string, unknown>,
		};
		for (const key of Object.keys(POLICY_SETTINGS)) {
			const inspected = configuration.inspect(key);
			values.user[key] = inspected?.globalValue;
			values.workspace[key] = inspected?.workspaceValue;
			// A single-folder workspace reports its settings as workspace values; folder values exist only in multi-root.
			if (workspaceFile) {
				values.folder[key] = inspected?.workspaceFolderValue;
			}
		}
		const untrusted = !vscode.workspace.isTrusted;
		const layers: SettingsLayer[] = (['user', 'workspace', 'folder'] as const).map((scope) => ({
			source: sources[scope],
			values: values[scope],
			...(untrusted && scope !== 'user' && { tightenOnly: true }),
		}));
		const machine = this.machine?.layer();
		return machine ? [...layers, machine] : layers;
	}
}
