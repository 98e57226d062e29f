/*
 * SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104) in plain TypeScript. The bridge signs every request to a window and
 * checks every answer; loading node:crypto for that costs about 3 ms of each hook call, this costs microseconds for
 * the few kilobytes a hook request holds. Checked against node:crypto and the RFC 4231 vectors in the unit tests.
 */

/** The first 32 bits of the fractional part of `root(prime)`, as the standard derives its constants. */
function fractionBits(value: number): number {
	return Math.floor((value - Math.floor(value)) * 0x100000000) >>> 0;
}

let constants: { readonly rounds: Uint32Array; readonly initial: Uint32Array } | undefined;

// Derived on the first hash, not at load: every hook call loads this module, few of them sign anything.
function derivedConstants(): { readonly rounds: Uint32Array; readonly initial: Uint32Array } {
	if (!constants) {
		const primes: number[] = [];
		for (let n = 2; primes.length < 64; n++) {
			if (primes.every((p) => n % p !== 0)) {
				primes.push(n);
			}
		}
		constants = {
			rounds: Uint32Array.from(primes, (p) => fractionBits(Math.cbrt(p))),
			initial: Uint32Array.from(primes.slice(0, 8), (p) => fractionBits(Math.sqrt(p))),
		};
	}
	return constants;
}

function rotr(x: number, n: number): number {
	return (x >>> n) | (x << (32 - n));
}

/** The SHA-256 digest of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
	const { rounds: k, initial } = derivedConstants();
	const state = Uint32Array.from(initial);
	const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
	padded.set(data);
	padded[data.length] = 0x80;
	const view = new DataView(padded.buffer);
	view.setUint32(padded.length - 8, Math.floor(data.length / 0x20000000));
	view.setUint32(padded.length - 4, (data.length << 3) >>> 0);
	const w = new Uint32Array(64);
	for (let offset = 0; offset < padded.length; offset += 64) {
		for (let i = 0; i < 16; i++) {
			w[i] = view.getUint32(offset + i * 4);
		}
		for (let i = 16; i < 64; i++) {
			const a = w[i - 15]!;
			const b = w[i - 2]!;
			const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
			const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
			w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
		}
		let a = state[0]!;
		let b = state[1]!;
		let c = state[2]!;
		let d = state[3]!;
		let e = state[4]!;
		let f = state[5]!;
		let g = state[6]!;
		let h = state[7]!;
		for (let i = 0; i < 64; i++) {
			const t1 =
				(h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i]! + w[i]!) >>> 0;
			const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
			h = g;
			g = f;
			f = e;
			e = (d + t1) >>> 0;
			d = c;
			c = b;
			b = a;
			a = (t1 + t2) >>> 0;
		}
		state[0] = state[0]! + a;
		state[1] = state[1]! + b;
		state[2] = state[2]! + c;
		state[3] = state[3]! + d;
		state[4] = state[4]! + e;
		state[5] = state[5]! + f;
		state[6] = state[6]! + g;
		state[7] = state[7]! + h;
	}
	const digest = new Uint8Array(32);
	const out = new DataView(digest.buffer);
	state.forEach((word, i) => out.setUint32(i * 4, word));
	return digest;
}

const BLOCK = 64;

/** The HMAC-SHA256 of `message` under `key`. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
	const block = new Uint8Array(BLOCK);
	block.set(key.length > BLOCK ? sha256(key) : key);
	const inner = new Uint8Array(BLOCK + message.length);
	const outer = new Uint8Array(BLOCK + 32);
	for (let i = 0; i < BLOCK; i++) {
		inner[i] = block[i]! ^ 0x36;
		outer[i] = block[i]! ^ 0x5c;
	}
	inner.set(message, BLOCK);
	outer.set(sha256(inner), BLOCK);
	return sha256(outer);
}

/** Whether two strings are equal, in time that depends only on their lengths (for comparing MACs). */
export function equalInConstantTime(a: string, b: string): boolean {
	let difference = a.length ^ b.length;
	for (let i = 0; i < Math.max(a.length, b.length); i++) {
		difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
	}
	return difference === 0;
}
