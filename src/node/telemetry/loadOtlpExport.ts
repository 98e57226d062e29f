import { join } from 'node:path';

import type { ExportTarget } from '../../core/settings/exportSettings';
import type { ShipOptions, ShipResult } from './otlpExport';
import { OTEL_EXPORT_BUNDLE } from './shipInBackground';

/** What `dist/otel-export.js` exports to a process that ships in-process (the window). */
export interface OtlpExportBundle {
	shipLog(log: string, target: ExportTarget, options?: ShipOptions): Promise<ShipResult>;
}

/**
 * Loads the OpenTelemetry bundle next to the calling bundle. Only a process with export on calls this: a window or
 * bridge with export off never reads the file.
 */
export function loadOtlpExport(bundleFolder: string): OtlpExportBundle {
	// A computed path keeps esbuild from inlining OpenTelemetry into the caller's bundle.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(join(bundleFolder, OTEL_EXPORT_BUNDLE)) as OtlpExportBundle;
}
