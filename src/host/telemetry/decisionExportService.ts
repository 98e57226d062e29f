import type * as vscode from 'vscode';

import type { SessionTracker } from '../../core/sessions/sessionTracker';
import type { ExportTarget } from '../../core/settings/exportSettings';
import { readExportSettings, resolveExportTarget } from '../../core/settings/exportSettings';
import type { OtlpExportBundle } from '../../node/telemetry/loadOtlpExport';
import { loadOtlpExport } from '../../node/telemetry/loadOtlpExport';
import type { PolicyConfig } from '../policyConfig';

// Decisions are batched: the first one after a quiet spell waits this long for the ones that follow it.
const BATCH_DELAY_MS = 1_000;
// Headless bridges append to the window's log too; their lines are picked up this often.
const POLL_MS = 15_000;

/** What the export service reads: the settings, the logs to ship, and when a decision was recorded. */
export interface DecisionExportParts {
	readonly config: PolicyConfig;
	/** Every audit log this window writes (headless bridges for its folders write there too). */
	readonly logFiles: () => readonly string[];
	readonly sessions: SessionTracker;
	readonly bundleFolder: string;
	readonly log: vscode.LogOutputChannel;
	readonly version: string;
	readonly env?: NodeJS.ProcessEnv;
}

/**
 * Exports the window's decisions to the team's OpenTelemetry collector when `hookwarden.otel.endpoint` or the standard
 * `OTEL_EXPORTER_OTLP_*` variables say where: from the audit logs, in batches, behind the export cursor, so a hook call
 * never waits for the collector and a collector that is down loses nothing (see node/telemetry/exportCursor.ts). With
 * export off it loads nothing and sets no timer.
 */
export class DecisionExportService implements vscode.Disposable {
	private target: ExportTarget | undefined;
	private bundle: OtlpExportBundle | undefined;
	private timer: ReturnType<typeof setTimeout> | undefined;
	private poll: ReturnType<typeof setInterval> | undefined;
	private shipping: Promise<void> | undefined;
	private again = false;
	private lastProblem: string | undefined;
	private readonly stopListening: () => void;
	private readonly configSubscription: vscode.Disposable;

	constructor(private readonly parts: DecisionExportParts) {
		this.stopListening = parts.sessions.onDidRecord(() => this.schedule(BATCH_DELAY_MS));
		this.configSubscription = parts.config.onDidChange(() => this.configure());
		this.configure();
	}

	/** Ships now what is waiting (for tests and the window's shutdown); resolves when this round is done. */
	async flush(): Promise<void> {
		await this.ship();
	}

	dispose(): void {
		clearTimeout(this.timer);
		clearInterval(this.poll);
		this.stopListening();
		this.configSubscription.dispose();
	}

	private configure(): void {
		const target = resolveExportTarget(
			readExportSettings(this.parts.config.layers(undefined)),
			this.parts.env ?? process.env,
		);
		const was = this.target;
		this.target = target;
		if (target && was?.key !== target.key) {
			this.parts.log.info(
				`exporting decisions to ${target.tracesUrl} and ${target.logsUrl}${target.captureContent ? ' with content' : ''}`,
			);
			clearInterval(this.poll);
			this.poll = setInterval(() => this.schedule(0), POLL_MS);
			this.poll.unref?.();
			this.schedule(0);
		} else if (!target && was) {
			this.parts.log.info('decision export is off');
			clearInterval(this.poll);
		}
	}

	private schedule(delay: number): void {
		if (!this.target || this.timer) {
			return;
		}
		this.timer = setTimeout(() => {
			this.timer = undefined;
			void this.ship();
		}, delay);
		this.timer.unref?.();
	}

	private ship(): Promise<void> {
		if (this.shipping) {
			this.again = true;
			return this.shipping;
		}
		this.shipping = this.shipAll().finally(() => {
			this.shipping = undefined;
			if (this.again) {
				this.again = false;
				this.schedule(0);
			}
		});
		return this.shipping;
	}

	private async shipAll(): Promise<void> {
		const target = this.target;
		if (!target) {
			return;
		}
		try {
			this.bundle ??= loadOtlpExport(this.parts.bundleFolder);
		} catch (error) {
			this.report(`cannot load the OpenTelemetry exporter: ${(error as Error).message}`);
			return;
		}
		for (const file of this.parts.logFiles()) {
			const result = await this.bundle.shipLog(file, target, { version: this.parts.version });
			if (result.kind === 'failed') {
				this.report(
					`exporting decisions failed (${result.error}); they wait in the audit log and go out once the collector answers`,
				);
			} else if (result.kind === 'shipped' && this.lastProblem !== undefined) {
				this.lastProblem = undefined;
				this.parts.log.info('exporting decisions works again');
			}
		}
	}

	private report(problem: string): void {
		if (problem !== this.lastProblem) {
			this.lastProblem = problem;
			this.parts.log.warn(problem);
		}
	}
}
