import { unwatchFile, watchFile } from 'node:fs';

import * as vscode from 'vscode';

import type { SettingsLayer } from '../../core/settings/settingsLayer';
import type {
	MachinePolicyLocation,
	MachinePolicyReading,
} from '../../node/settings/machinePolicy';
import { describeMachinePolicyProblem, readMachinePolicy } from '../../node/settings/machinePolicy';

// The file changes when an administrator deploys a new policy: a stat every few seconds notices without a watcher
// on a folder that may not exist yet.
const POLL_INTERVAL_MS = 5_000;

/**
 * The administrator's machine policy as the window sees it: read at start and again whenever the file changes, with
 * a visible warning (once per cause) when the file is there but ignored because others could have written it.
 */
export class MachinePolicyService implements vscode.Disposable {
	private current: MachinePolicyReading;
	private readonly warned = new Set<string>();
	private readonly onDidChangeEmitter = new vscode.EventEmitter<void>();
	/** Fires after the file appeared, changed, went away, or became ignored. */
	readonly onDidChange = this.onDidChangeEmitter.event;

	constructor(
		private readonly location: MachinePolicyLocation,
		private readonly log: vscode.LogOutputChannel,
		private readonly warn: (message: string) => void,
	) {
		this.current = this.read();
		watchFile(location.file, { interval: POLL_INTERVAL_MS, persistent: false }, () => {
			this.current = this.read();
			this.onDidChangeEmitter.fire();
		});
	}

	/** What the last read found. */
	reading(): MachinePolicyReading {
		return this.current;
	}

	/** The machine policy as the strongest settings layer, or `undefined` when there is none in force. */
	layer(): SettingsLayer | undefined {
		return this.current.kind === 'read' ? this.current.layer : undefined;
	}

	dispose(): void {
		unwatchFile(this.location.file);
		this.onDidChangeEmitter.dispose();
	}

	private read(): MachinePolicyReading {
		const reading = readMachinePolicy(this.location);
		const problem = describeMachinePolicyProblem(reading);
		if (problem !== undefined && !this.warned.has(problem)) {
			this.warned.add(problem);
			this.log.warn(problem);
			this.warn(`Hookwarden: ${problem}. User and workspace settings apply without it.`);
		}
		if (reading.kind === 'read') {
			this.log.info(
				`machine policy ${reading.file} locks ${Object.keys(reading.layer.values).join(', ') || 'nothing'}`,
			);
			for (const line of reading.problems) {
				this.log.warn(`machine policy ${reading.file}: ${line}`);
			}
		}
		return reading;
	}
}
