/*
 * Loads the bridge's bundles through V8's code cache: every hook event starts a new process, and compiling a few
 * hundred kilobytes from scratch is one of the larger costs of a start. The cache is written next to its bundle after
 * the first run (it is trusted exactly as much as the bundle beside it), and V8 rejects it by itself after an update
 * or on another Node version, in which case it is written again.
 *
 * A cached bundle is written by esbuild.mjs as one function expression taking CommonJS's five arguments, so the file
 * is compiled as it is read: no wrapping, no shebang to strip, and so one copy of its text on the heap.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

type CommonJsBody = (
	exports: unknown,
	require: NodeJS.Require,
	module: { exports: unknown },
	filename: string,
	dirname: string,
) => void;

// A process loads each bundle once however many callers ask (the shell and code grammars share one).
const loaded = new Map<string, unknown>();

// V8 stamps a cache with the flags in force when it is made and rejects it under any others, so a process that changed
// a flag at run time must not write one: every later process would compile from scratch and write it again. The mark
// is a global symbol because each bundle carries its own copy of this module.
const FLAGS_CHANGED = Symbol.for('hookwarden.v8FlagsChanged');

/** Call before changing V8's flags at run time (`v8.setFlagsFromString`): this process then writes no code cache. */
export function noteV8FlagsChanged(): void {
	(globalThis as Record<symbol, unknown>)[FLAGS_CHANGED] = true;
}

/** The exports of the cached bundle at `file`, run once per process. Throws when the file cannot be read or run. */
export function loadCachedBundle(file: string): unknown {
	if (!loaded.has(file)) {
		loaded.set(file, runCachedBundle(file));
	}
	return loaded.get(file);
}

function runCachedBundle(file: string): unknown {
	const cacheFile = `${file}.${cacheKey()}.cache`;
	const cachedData = readCache(cacheFile);
	const script = new Script(readFileSync(file, 'utf8'), {
		filename: file,
		...(cachedData && { cachedData }),
	});
	if (!cachedData || script.cachedDataRejected) {
		// At exit the functions this run compiled are in the cache too, not only the top level.
		process.once('exit', () => writeCache(script, cacheFile));
	}
	const module = { exports: {} as unknown };
	(script.runInThisContext() as CommonJsBody)(
		module.exports,
		createRequire(file),
		module,
		file,
		dirname(file),
	);
	return module.exports;
}

function readCache(cacheFile: string): Buffer | undefined {
	try {
		return readFileSync(cacheFile);
	} catch {
		return undefined;
	}
}

function writeCache(script: Script, cacheFile: string): void {
	if ((globalThis as Record<symbol, unknown>)[FLAGS_CHANGED] === true) {
		return;
	}
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
