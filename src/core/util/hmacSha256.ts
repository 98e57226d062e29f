/*
 * SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104) in plain TypeScript. The bridge signs every request to a window,
 * checks every answer and checks the MAC of every shell reading it takes from its cache; loading node:crypto for that
 * costs a few milliseconds of each hook call, this costs under one for a request of a few hundred bytes (about 3 ms
 * for 2 KB, cold). Checked against node:crypto and the RFC 4231 vectors in the unit tests.
 */

// FIPS 180-4 §4.2.2 and §5.3.3: the first 32 bits of the fractional parts of the cube roots of the first 64 primes,
// and of the square roots of the first 8. Written out: deriving them cost each signing hook call about half a
// millisecond in the interpreter. A wrong one fails every test vector in the unit tests.
// prettier-ignore
const ROUND_CONSTANTS = Int32Array.of(
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);
// prettier-ignore
const INITIAL_STATE = Int32Array.of(
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
);

/**
 * The SHA-256 digest of `data`. A hook call runs this once or twice, cold, in V8's interpreter, so it is written for
 * the interpreter: words stay signed 32-bit (`| 0`), which V8 keeps as small integers, where unsigned words above
 * 2^31 would each be a heap number; rotations are written out rather than called; bytes are read with shifts rather
 * than through a DataView.
 */
export function sha256(data: Uint8Array): Uint8Array {
	const k = ROUND_CONSTANTS;
	const length = ((data.length + 9 + 63) >> 6) << 6;
	const padded = new Uint8Array(length);
	padded.set(data);
	padded[data.length] = 0x80;
	const highBits = Math.floor(data.length / 0x20000000);
	const lowBits = data.length << 3;
	for (let i = 0; i < 4; i++) {
		padded[length - 8 + i] = highBits >>> (24 - 8 * i);
		padded[length - 4 + i] = lowBits >>> (24 - 8 * i);
	}
	const state = Int32Array.from(INITIAL_STATE);
	const w = new Int32Array(64);
	for (let offset = 0; offset < length; offset += 64) {
		for (let i = 0, j = offset; i < 16; i++, j += 4) {
			w[i] = (padded[j]! << 24) | (padded[j + 1]! << 16) | (padded[j + 2]! << 8) | padded[j + 3]!;
		}
		for (let i = 16; i < 64; i++) {
			const x = w[i - 15]!;
			const y = w[i - 2]!;
			const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
			const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
			w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
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
			const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
			const t1 = (h + sum1 + ((e & f) ^ (~e & g)) + k[i]! + w[i]!) | 0;
			const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
			const t2 = (sum0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
			h = g;
			g = f;
			f = e;
			e = (d + t1) | 0;
			d = c;
			c = b;
			b = a;
			a = (t1 + t2) | 0;
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
	for (let i = 0; i < 32; i++) {
		digest[i] = state[i >> 2]! >>> (24 - 8 * (i & 3));
	}
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
