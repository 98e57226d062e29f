import { createHash, createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { equalInConstantTime, hmacSha256, sha256 } from '../../../../src/core/util/hmacSha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('sha256', () => {
	it.each([
		['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
		['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
		[
			'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
			'248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
		],
	])('hashes %j as FIPS 180-4 says', (text, digest) => {
		expect(hex(sha256(utf8(text)))).toBe(digest);
	});

	it('agrees with node:crypto at every length around the block boundaries', () => {
		for (let length = 0; length < 300; length++) {
			const data = Buffer.from(Array.from({ length }, (_, i) => (i * 31 + length) & 0xff));
			expect(hex(sha256(data)), `length ${length}`).toBe(
				createHash('sha256').update(data).digest('hex'),
			);
		}
	});
});

describe('hmacSha256', () => {
	it('matches RFC 4231 test case 2', () => {
		expect(hex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
			'5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
		);
	});

	it('agrees with node:crypto for long keys, unicode and empty messages', () => {
		for (const [key, message] of [
			['k'.repeat(43), 'hookwarden request v2\nnonce\n{"payload":"ünïcödé ✓"}'],
			['x'.repeat(200), ''],
			['', 'm'.repeat(5000)],
		] as const) {
			expect(hex(hmacSha256(utf8(key), utf8(message)))).toBe(
				createHmac('sha256', key).update(message).digest('hex'),
			);
		}
	});
});

describe('equalInConstantTime', () => {
	it('is true only for equal strings', () => {
		expect(equalInConstantTime('abc', 'abc')).toBe(true);
		expect(equalInConstantTime('abc', 'abd')).toBe(false);
		expect(equalInConstantTime('abc', 'abcd')).toBe(false);
		expect(equalInConstantTime('', '')).toBe(true);
	});
});
