/*
 * HMAC-SHA256 over large inputs at the cost of one native call. Every bridge start that uses a code cache proves it
 * with a MAC over about a megabyte (the bundle and its cache, see codeCacheStore.ts); OpenSSL does that in about a
 * millisecond, but `require('node:crypto')` first loads some thirty internal modules (5-9 ms cold, more than the
 * check itself). Node's crypto binding, the object `node:crypto`'s Hmac class wraps, is already in the process. It is
 * reached through `process.binding`, internal and deprecated, whose misuse aborts the process rather than throwing;
 * so, as for the socket in socketExchange.ts, it is used only on the runtimes it was tested on (Node 20 to 22; 24 no
 * longer exposes it; not Electron, not Windows) and only when it has the expected shape, and its answer is checked against `node:crypto`'s
 * in the tests. Everywhere else `node:crypto` computes the same MAC.
 */
import { createRequire } from 'node:module';
import type * as Crypto from 'node:crypto';

/** The binding's Hmac as `node:crypto` (lib/internal/crypto/hash.js, Node 20-22) calls it. */
interface BindingHmac {
	init(algorithm: string, key: Buffer): void;
	update(data: Buffer): boolean;
	digest(encoding: 'buffer'): Buffer;
}
type BindingHmacClass = new () => BindingHmac;

const lazyRequire = createRequire(__filename);

let bindingHmac: BindingHmacClass | null | undefined;

/** The binding's Hmac class where this runtime is one it was tested on and exposes it as expected; else `null`. */
export function cryptoBindingHmac(): BindingHmacClass | null {
	if (bindingHmac === undefined) {
		bindingHmac = findBindingHmac();
	}
	return bindingHmac;
}

function findBindingHmac(): BindingHmacClass | null {
	const major = Number(process.versions.node.split('.')[0]);
	if (
		process.platform === 'win32' ||
		process.versions.electron !== undefined ||
		!(major >= 20 && major <= 22)
	) {
		return null;
	}
	// `process.binding('crypto')` warns (DEP0111) on first access; this process's stderr is for the hook's diagnostics.
	const quiet = process.noDeprecation;
	process.noDeprecation = true;
	try {
		const internal = process as unknown as { binding(name: string): Record<string, unknown> };
		const hmac = internal.binding('crypto').Hmac;
		const prototype = (hmac as { prototype?: Record<string, unknown> } | undefined)?.prototype;
		return typeof hmac === 'function' &&
			typeof prototype?.init === 'function' &&
			typeof prototype.update === 'function' &&
			typeof prototype.digest === 'function'
			? (hmac as BindingHmacClass)
			: null;
	} catch {
		return null;
	} finally {
		process.noDeprecation = quiet;
	}
}

/** HMAC-SHA256 of `parts` (in order) under `key`, from the crypto binding where it is known to work. */
export function hmacSha256(key: string, parts: readonly (string | Buffer)[]): Buffer {
	const Hmac = cryptoBindingHmac();
	if (Hmac) {
		const hmac = new Hmac();
		hmac.init('sha256', Buffer.from(key, 'utf8'));
		for (const part of parts) {
			hmac.update(typeof part === 'string' ? Buffer.from(part, 'utf8') : part);
		}
		return hmac.digest('buffer');
	}
	return viaNodeCrypto(key, parts);
}

/** The same MAC from `node:crypto`, the reference the binding is tested against. */
export function viaNodeCrypto(key: string, parts: readonly (string | Buffer)[]): Buffer {
	const hmac = (lazyRequire('node:crypto') as typeof Crypto).createHmac('sha256', key);
	for (const part of parts) {
		hmac.update(part);
	}
	return hmac.digest();
}
