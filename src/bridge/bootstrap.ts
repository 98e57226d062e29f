/*
 * The bridge's entry point (dist/bridge.js). Every hook event starts a new process, so this file decides how little
 * of the bridge that process loads:
 *   - a hook call from a process that names its window (`HOOKWARDEN_ENDPOINT`) first runs dist/bridge-window.js, which
 *     only asks that window; dist/bridge-main.js is loaded only when the window does not answer;
 *   - everything else runs dist/bridge-main.js at once.
 * Each bundle runs through V8's code cache, because compiling from scratch is one of the larger costs of a start. The
 * cache is written next to its bundle after the first run (it is trusted exactly as much as the bundle beside it),
 * and V8 rejects it by itself after an update or on another Node version, in which case it is written again.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

import type { runBridge } from './main';
import type { answerFromNamedWindow, Handover } from './windowFirst';
import { writeOutput } from './writeOutput';

function readCache(cacheFile: string): Buffer | undefined {
	try {
		return readFileSync(cacheFile);
	} catch {
		return undefined;
	}
}

function writeCache(script: Script, cacheFile: string): void {
	try {
		const temporary = `${cacheFile}.${process.pid}`;
		writeFileSync(temporary, script.createCachedData());
		renameSync(temporary, cacheFile);
	} catch {
		// A read-only install only costs the next process a full compile.
	}
}

/**
 * What the code cache file is named after besides the bundle: V8 rejects a cache made under other flags, so callers
 * that differ only in `NODE_OPTIONS` (a terminal with `--max-old-space-size`, the editor without) would otherwise
 * rewrite one shared cache on every call. Without options the suffix is empty.
 */
function cacheKey(): string {
	const options = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`.trim();
	let hash = 0x811c9dc5;
	for (let i = 0; i < options.length; i++) {
		hash = Math.imul(hash ^ options.charCodeAt(i), 0x01000193);
	}
	const flags = options === '' ? '' : `-${(hash >>> 0).toString(36)}`;
	return `${process.version}-${process.arch}${flags}`;
}

/** Runs one bundle next to this file as a CommonJS module, through its code cache, and returns its exports. */
function runBundle(name: string): unknown {
	const file = join(__dirname, name);
	const cacheFile = `${file}.${cacheKey()}.cache`;
	const cachedData = readCache(cacheFile);
	// The shebang esbuild puts on every bridge bundle is only valid at the very start of a file.
	const source = readFileSync(file, 'utf8').replace(/^#!.*/, '');
	const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
	const script = new Script(wrapped, { filename: file, ...(cachedData && { cachedData }) });
	if (!cachedData || script.cachedDataRejected) {
		// At exit the functions this run compiled are in the cache too, not only the top level.
		process.once('exit', () => writeCache(script, cacheFile));
	}
	const module = { exports: {} };
	(script.runInThisContext() as (...args: unknown[]) => void)(
		module.exports,
		createRequire(file),
		module,
		file,
		__dirname,
	);
	return module.exports;
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
		windowFirst = runBundle('bridge-window.js') as typeof windowFirst;
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
