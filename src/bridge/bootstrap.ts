/*
 * The bridge's entry point (dist/bridge.js). Every hook event starts a new process, so this file decides how little
 * of the bridge that process loads:
 *   - a hook call from a process that names its window (`HOOKWARDEN_ENDPOINT`) first runs dist/bridge-window.js, which
 *     only asks that window; dist/bridge-main.js is loaded only when the window does not answer;
 *   - everything else runs dist/bridge-main.js at once.
 * The main bundle runs through V8's code cache (see src/node/cachedBundle.ts), because compiling it from scratch is one
 * of the larger costs of a start.
 */
import { join } from 'node:path';

import type { CachedBundleOptions } from '../node/cachedBundle';
import { loadCachedBundle } from '../node/cachedBundle';
import type { runBridge } from './main';
import type { answerFromNamedWindow, Handover } from './windowFirst';
import { writeOutput } from './writeOutput';

/** Runs one bundle next to this file through its code cache and returns its exports. */
function runBundle(name: string, options?: CachedBundleOptions): unknown {
	return loadCachedBundle(join(__dirname, name), options);
}

/** Only a broken install gets here (a bundle would not load): the runner still gets one line and one JSON answer. */
function answerWithoutBridge(error: unknown): void {
	const why = error instanceof Error ? error.message : String(error);
	writeOutput(2, `hookwarden: cannot load the bridge (${why}); answering with no opinion\n`);
	writeOutput(1, '{}\n');
}

function runMain(argv: readonly string[], handover?: Handover): void {
	let main: { runBridge: typeof runBridge };
	try {
		main = runBundle('bridge-main.js') as typeof main;
	} catch (error) {
		answerWithoutBridge(error);
		return;
	}
	main.runBridge(argv, handover);
}

function start(argv: readonly string[]): void {
	const [first] = argv;
	const endpoint = process.env.HOOKWARDEN_ENDPOINT;
	if (!endpoint || first === undefined || first.startsWith('-')) {
		runMain(argv);
		return;
	}
	let windowFirst: { answerFromNamedWindow: typeof answerFromNamedWindow };
	try {
		// Small: compiling it costs less than loading node:crypto to check a cache's MAC.
		windowFirst = runBundle('bridge-window.js', { uncached: true }) as typeof windowFirst;
	} catch {
		// Nothing is read yet: the main bundle asks the window itself.
		runMain(argv);
		return;
	}
	void windowFirst
		.answerFromNamedWindow(first, endpoint, process.env)
		.then((handover) => handover && runMain(argv, handover));
}

start(process.argv.slice(2));
