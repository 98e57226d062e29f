/*
 * Where the bridge's V8 code caches live and how each is proved to be Hookwarden's own. A code cache is code: V8 checks
 * only that a cache was made for source of the same length, so a cache compiled from other text, planted where the
 * bridge looks, runs instead of the bundle (one made the bridge allow `rm -rf ~` with the bundle untouched), and a
 * corrupt one can crash the process, which is no verdict. So a cache is used only when it carries a MAC, made with the
 * per-install secret as the shell-analysis cache's entries are, over the bundle's exact text and the cache's bytes;
 * anything else is never handed to V8 and the bundle compiles afresh. The caches sit in the owner-only runtime folder
 * (Hookwarden's own state), not beside the bundles, so a copy of the bridge holds nothing but its files.
 */
import {
	mkdirSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

import { equalInConstantTime } from '../core/util/hmacSha256';
import { hmacSha256 } from './runtime/nativeHmac';
import { openRuntimeFolder } from './runtime/runtimeFolder';
import { readSecret } from './runtime/secret';

/** The folder the caches are written to and the key that signs them. */
export interface CodeCacheStore {
	readonly folder: string;
	readonly key: string;
}

const MAGIC = 'hookwarden-code-cache-2 ';
/** A base64url HMAC-SHA256. */
const MAC_LENGTH = 43;
/** The header: the magic, the MAC, a space, the kinds of call the cache holds the code of (comma-separated), a newline. */
const MAX_HEADER_LENGTH = 1024;
/** A kind of call, as the bridge names it (`PreToolUse:shell`): never a comma, a space or a newline. */
const CALL_KIND = /^[\w:.-]{1,64}$/;

/** A verified cache: V8's data, and the kinds of call whose code it holds (see cachedBundle.ts). */
export interface CodeCache {
	readonly data: Buffer;
	readonly kinds: readonly string[];
}
/** A cache unused this long belongs to a bundle that was replaced (an update, another copy). */
const STALE_MS = 7 * 24 * 3600 * 1000;

/**
 * The store of this user's runtime folder, when the folder is trustworthy and holds the per-install secret; otherwise
 * `undefined` and the bundles compile afresh each time (no cache is better than one nobody can vouch for).
 */
export function openCodeCacheStore(
	env: NodeJS.ProcessEnv = process.env,
): CodeCacheStore | undefined {
	const runtime = openRuntimeFolder(env, { create: false });
	if (!runtime.ok) {
		return undefined;
	}
	const secret = readSecret(runtime.folder);
	return secret.ok ? { folder: join(runtime.folder, 'code-cache'), key: secret.token } : undefined;
}

/**
 * The cache file of the bundle at `bundleFile` for the V8 flags named by `flavour`: named after the bundle and the
 * folder it runs from, so two copies of the bridge never share (and rewrite) one cache.
 */
export function codeCacheFile(store: CodeCacheStore, bundleFile: string, flavour: string): string {
	return join(
		store.folder,
		`${basename(bundleFile)}-${fnv1a(dirname(bundleFile))}.${flavour}.cache`,
	);
}

/** The cache in `cacheFile` when its MAC proves it was made from exactly `source`, else `undefined`. */
export function readCodeCache(
	store: CodeCacheStore,
	cacheFile: string,
	source: Buffer,
): CodeCache | undefined {
	let file: Buffer;
	try {
		file = readFileSync(cacheFile);
	} catch {
		return undefined;
	}
	const end = file.subarray(0, MAX_HEADER_LENGTH).indexOf(0x0a);
	if (
		end < MAGIC.length + MAC_LENGTH + 1 ||
		end + 1 >= file.length ||
		file.toString('latin1', 0, MAGIC.length) !== MAGIC ||
		file[MAGIC.length + MAC_LENGTH] !== 0x20
	) {
		return undefined;
	}
	const presented = file.toString('latin1', MAGIC.length, MAGIC.length + MAC_LENGTH);
	const kindsText = file.toString('latin1', MAGIC.length + MAC_LENGTH + 1, end);
	const data = file.subarray(end + 1);
	return equalInConstantTime(presented, macOf(store.key, cacheFile, kindsText, source, data))
		? { data, kinds: kindsText === '' ? [] : kindsText.split(',') }
		: undefined;
}

/**
 * Writes `data` (made from `source`, holding the code of calls of `kinds`) signed; a failure only costs the next
 * process a full compile.
 */
export function writeCodeCache(
	store: CodeCacheStore,
	cacheFile: string,
	source: Buffer,
	data: Buffer,
	kinds: readonly string[] = [],
): void {
	try {
		const kindsText = kinds.filter((kind) => CALL_KIND.test(kind)).join(',');
		mkdirSync(store.folder, { recursive: true, mode: 0o700 });
		const temporary = `${cacheFile}.${process.pid}`;
		const header = `${MAGIC}${macOf(store.key, cacheFile, kindsText, source, data)} ${kindsText}\n`;
		writeFileSync(temporary, Buffer.concat([Buffer.from(header, 'latin1'), data]), { mode: 0o600 });
		renameSync(temporary, cacheFile);
		removeStale(store.folder, cacheFile);
	} catch {
		// A full disk or a read-only folder: the bundle compiles afresh next time.
	}
}

/**
 * The MAC binds the cache's name (its bundle, folder and V8 flags), the kinds it names, the bundle's exact text and
 * the cache's bytes: a cache of another bundle, of an older build of this one, or of other flags does not verify.
 */
function macOf(
	key: string,
	cacheFile: string,
	kindsText: string,
	source: Buffer,
	data: Buffer,
): string {
	return hmacSha256(key, [
		`hookwarden code cache\n${basename(cacheFile)}\n${kindsText}\n${source.length}\n`,
		source,
		data,
	]).toString('base64url');
}

function removeStale(folder: string, keep: string): void {
	const now = Date.now();
	for (const name of readdirSync(folder)) {
		const file = join(folder, name);
		if (file !== keep && now - statSync(file).mtimeMs > STALE_MS) {
			rmSync(file, { force: true });
		}
	}
}

/** A 32-bit FNV-1a hash in base 36: names the folder a bundle runs from in its cache's file name. */
function fnv1a(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
	}
	return (hash >>> 0).toString(36);
}
