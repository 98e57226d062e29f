/*
 * Loads the bridge's bundles through V8's code cache: every hook event starts a new process, and compiling a few
 * hundred kilobytes from scratch is one of the larger costs of a start. The cache is written into the runtime folder
 * after the first run, signed, and used only when its MAC proves it was made from this bundle's exact text (see
 * codeCacheStore.ts: V8 itself checks only the source's length); V8 rejects it by itself on another Node version, in
 * which case it is written again.
 *
 * A cached bundle is written by esbuild.mjs as one function expression taking CommonJS's five arguments, so the file
 * is compiled as it is read: no wrapping, no shebang to strip, and so one copy of its text on the heap.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

import type { CodeCacheStore } from './codeCacheStore';
import { codeCacheFile, openCodeCacheStore, readCodeCache, writeCodeCache } from './codeCacheStore';

type CommonJsBody = (
	exports: unknown,
	require: NodeJS.Require,
	module: { exports: unknown },
	filename: string,
	dirname: string,
) => void;

/**
 * The bundles this process ran, the caches it is to write, and whether it may still. V8 stamps a cache with the flags
 * in force when it is made and rejects it under any others, so a bundle loaded before a flag changed at run time has
 * no cache written after it (every later process would compile from scratch and write it again), and a bundle first
 * loaded after the change keeps its cache in a file of its own (see cacheFileOf). Kept under a global symbol because
 * each bundle carries its own copy of this module.
 */
interface ProcessBundles {
	flagsChanged: boolean;
	readonly pending: Map<string, PendingCache>;
	/** Each bundle's exports: a process runs a bundle once however many bundles ask for it. */
	readonly loaded: Map<string, unknown>;
	/** Where caches are kept and signed; `null` when there is no trustworthy runtime folder or secret (yet). */
	store?: CodeCacheStore | null;
	/** Bundles that ran from a cache, which this call may add its code to (see {@link noteCallKind}). */
	readonly accepted: Map<string, AcceptedCache>;
	/** What this call was (`PreToolUse:shell`), once the bridge knows. */
	callKind?: string;
}

interface AcceptedCache {
	readonly script: Script;
	readonly file: string;
	readonly source: Buffer;
	readonly flavour: string;
	readonly kinds: readonly string[];
}

/**
 * How many kinds of call one cache may grow to hold: each new kind rewrites it once, so an unusual run of calls
 * cannot keep rewriting it.
 */
const MAX_CALL_KINDS = 16;

interface PendingCache {
	readonly script: Script;
	readonly file: string;
	readonly source: Buffer;
	/** The V8 flags it was compiled under, as its cache file names them (see flavourOf). */
	readonly flavour: string;
	/** Written when the flags change rather than at exit (see {@link CachedBundleOptions}). */
	readonly beforeFlagsChange: boolean;
	/** Compiled after the flags changed: its cache is stamped with them, so it has a file of its own (see cacheFileOf). */
	readonly afterFlagsChange: boolean;
}

/** The options of the bundles that load grammars (`dist/bridge-shell.js`, `dist/bridge-code.js`). */
export const LOADS_GRAMMARS: CachedBundleOptions = { usedBeforeFlagsChange: true };

/** How a bundle's cache is made. */
export interface CachedBundleOptions {
	/**
	 * The bundle is used only by processes that go on to change V8's flags (the grammar bundles: loading a grammar
	 * sets `--liftoff-only`), so its cache is written at that change, with what compiled until then; after it, its
	 * cache cannot be written. Other bundles' caches are written at exit by a process that changed nothing, so they hold
	 * everything a whole call compiled.
	 */
	readonly usedBeforeFlagsChange?: boolean;
	/**
	 * Compiled afresh every time, with no cache: for a small bundle on a path that must stay cheap (the window's first
	 * stage), where loading node:crypto to check a cache's MAC costs more than compiling the bundle.
	 */
	readonly uncached?: boolean;
}

const PROCESS_BUNDLES = Symbol.for('hookwarden.processBundles');

function processBundles(): ProcessBundles {
	const slot = globalThis as { [PROCESS_BUNDLES]?: ProcessBundles };
	if (!slot[PROCESS_BUNDLES]) {
		const bundles: ProcessBundles = {
			flagsChanged: false,
			pending: new Map(),
			loaded: new Map(),
			accepted: new Map(),
		};
		slot[PROCESS_BUNDLES] = bundles;
		// At exit the functions this run compiled are in the caches too, not only the top levels.
		process.once('exit', () => writePending(bundles));
	}
	return slot[PROCESS_BUNDLES];
}

/**
 * Call before changing V8's flags at run time (`v8.setFlagsFromString`): the grammar bundles' caches are written now,
 * under the flags they will be read with, and no cache after.
 */
export function noteV8FlagsChanged(): void {
	const bundles = processBundles();
	writePending(bundles, (pending) => pending.beforeFlagsChange);
	bundles.flagsChanged = true;
}

/**
 * Names the kind of call this process answers (`PreToolUse:shell`). V8 writes into a cache what was compiled when
 * it was made, so a cache first written by a file tool's call leaves a shell call compiling the program readers from
 * source at every start: a call of a kind its cache has not seen writes the cache again at exit, with its own code
 * added, once per kind.
 */
export function noteCallKind(kind: string): void {
	processBundles().callKind = kind;
}

/** The exports of the cached bundle at `file`, run once per process. Throws when the file cannot be read or run. */
export function loadCachedBundle(file: string, options: CachedBundleOptions = {}): unknown {
	const { loaded } = processBundles();
	if (!loaded.has(file)) {
		loaded.set(file, runCachedBundle(file, options));
	}
	return loaded.get(file);
}

/**
 * Which of a bundle's code caches this process uses: one for a process whose V8 flags are as it started, another for
 * one that changed them before loading the bundle (the grammar loader's `--liftoff-only`), since V8 rejects a cache
 * made under other flags. A bundle loaded after a grammar (the SQL parser, the interpreter readers) then has a cache too.
 */
function flavourOf(bundles: ProcessBundles): string {
	return `${cacheKey()}${bundles.flagsChanged ? '-flagged' : ''}`;
}

/** The store, looked for once per process, and once more at a write when the bridge made the secret meanwhile. */
function storeOf(bundles: ProcessBundles, again = false): CodeCacheStore | undefined {
	if (bundles.store === undefined || (bundles.store === null && again)) {
		bundles.store = openCodeCacheStore() ?? null;
	}
	return bundles.store ?? undefined;
}

function runCachedBundle(file: string, options: CachedBundleOptions): unknown {
	const bundles = processBundles();
	const source = readFileSync(file);
	const flavour = flavourOf(bundles);
	const store = options.uncached ? undefined : storeOf(bundles);
	const cache = store && readCodeCache(store, codeCacheFile(store, file, flavour), source);
	const script = new Script(source.toString('utf8'), {
		filename: file,
		...(cache && { cachedData: cache.data }),
	});
	if (cache && !script.cachedDataRejected) {
		bundles.accepted.set(`${file}\0${flavour}`, {
			script,
			file,
			source,
			flavour,
			kinds: cache.kinds,
		});
	} else if (!options.uncached) {
		bundles.pending.set(`${file}\0${flavour}`, {
			script,
			file,
			source,
			flavour,
			beforeFlagsChange: options.usedBeforeFlagsChange === true && !bundles.flagsChanged,
			afterFlagsChange: bundles.flagsChanged,
		});
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

function writePending(
	bundles: ProcessBundles,
	now: (pending: PendingCache) => boolean = () => true,
): void {
	const kinds = bundles.callKind === undefined ? [] : [bundles.callKind];
	for (const [key, pending] of bundles.pending) {
		if ((pending.afterFlagsChange || !bundles.flagsChanged) && now(pending)) {
			bundles.pending.delete(key);
			// Looked for again: a first headless call makes the secret after its bundles loaded.
			write(bundles, pending, kinds);
		}
	}
	if (!bundles.flagsChanged && bundles.callKind !== undefined) {
		writeNewKinds(bundles, bundles.callKind);
	}
}

/** Rewrites each cache this call ran from when it has not seen this kind of call: now it holds its code too. */
function writeNewKinds(bundles: ProcessBundles, kind: string): void {
	for (const [key, accepted] of bundles.accepted) {
		bundles.accepted.delete(key);
		if (!accepted.kinds.includes(kind) && accepted.kinds.length < MAX_CALL_KINDS) {
			write(bundles, accepted, [...accepted.kinds, kind]);
		}
	}
}

function write(
	bundles: ProcessBundles,
	bundle: {
		readonly script: Script;
		readonly file: string;
		readonly source: Buffer;
		readonly flavour: string;
	},
	kinds: readonly string[],
): void {
	const store = storeOf(bundles, true);
	if (store) {
		const cacheFile = codeCacheFile(store, bundle.file, bundle.flavour);
		writeCodeCache(store, cacheFile, bundle.source, bundle.script.createCachedData(), kinds);
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
