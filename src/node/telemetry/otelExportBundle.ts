/*
 * dist/otel-export.js: required by the window when export is on, and run by a headless bridge as a detached process:
 *
 *   node otel-export.js --ship <audit.jsonl>     (the destination as JSON on stdin)
 *
 * It ships what the log holds for the destination and exits; a later bridge (or the window) ships what comes after.
 */
import type { ExportTarget } from '../../core/settings/exportSettings';
import { shipLog } from './otlpExport';

export { shipLog } from './otlpExport';
export type { ShipOptions, ShipResult } from './otlpExport';

function readStdin(): Promise<string> {
	return new Promise((resolve, reject) => {
		let text = '';
		process.stdin.setEncoding('utf8');
		process.stdin.on('data', (chunk: string) => (text += chunk));
		process.stdin.on('end', () => resolve(text));
		process.stdin.on('error', reject);
	});
}

/** The detached shipper: rounds until one ships nothing, so lines appended while it worked go out too. */
async function runShipper(log: string): Promise<void> {
	const target = JSON.parse(await readStdin()) as ExportTarget;
	for (let round = 0; round < 100; round++) {
		const result = await shipLog(log, target);
		if (result.kind !== 'shipped' || result.spans + result.logs === 0) {
			return;
		}
	}
}

if (require.main === module && process.argv[2] === '--ship' && process.argv[3]) {
	runShipper(process.argv[3]).then(
		() => process.exit(0),
		() => process.exit(1),
	);
}
