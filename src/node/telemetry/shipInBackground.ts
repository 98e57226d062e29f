import { join } from 'node:path';

import type { ExportTarget } from '../../core/settings/exportSettings';
import { cursorFile, isShipLockHeld, readCursor, shipLockFile } from './exportCursor';
import { childProcess } from '../childProcess';

/** The bundle that holds OpenTelemetry, next to the bridge's own bundles. */
export const OTEL_EXPORT_BUNDLE = 'otel-export.js';

/** What a bridge did about shipping after its answer. */
export type BackgroundShipping = 'started' | 'busy' | 'waiting';

/**
 * Starts the detached shipper for `log` (see otelExportBundle.ts) unless one is at work on it or the last export
 * failed recently: a headless bridge calls this after it printed its answer, so the hook call is already answered.
 * The destination goes on the child's stdin, never on its command line (headers may hold a token). The child is
 * detached and shares no pipe with the hook runner, so the runner sees the bridge end at once.
 */
export function shipInBackground(
	bundleFolder: string,
	log: string,
	target: ExportTarget,
	now: number = Date.now(),
): BackgroundShipping {
	if (isShipLockHeld(shipLockFile(log, target.key))) {
		return 'busy';
	}
	const retryAfter = readCursor(cursorFile(log, target.key))?.retryAfter;
	if (retryAfter !== undefined && retryAfter > now) {
		return 'waiting';
	}
	const child = childProcess().spawn(
		process.execPath,
		[join(bundleFolder, OTEL_EXPORT_BUNDLE), '--ship', log],
		{
			detached: true,
			stdio: ['pipe', 'ignore', 'ignore'],
			windowsHide: true,
		},
	);
	// A shipper that cannot start leaves the lines in the log for the next call or the window.
	child.on('error', () => undefined);
	child.stdin?.on('error', () => undefined);
	child.stdin?.end(JSON.stringify(target));
	child.unref();
	return 'started';
}
