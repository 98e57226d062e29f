import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
	cryptoBindingHmac,
	hmacSha256,
	viaNodeCrypto,
} from '../../../../src/node/runtime/nativeHmac';

const major = Number(process.versions.node.split('.')[0]);
const tested = process.platform !== 'win32' && major >= 20 && major <= 22;

describe('HMAC-SHA256 from the crypto binding', () => {
	it.runIf(tested)('is used on the runtimes it was tested on', () => {
		expect(cryptoBindingHmac()).not.toBeNull();
	});

	it('agrees with node:crypto over keys and parts of every size, strings and bytes', () => {
		for (const size of [0, 1, 63, 64, 65, 1000, 1 << 20]) {
			const key = randomBytes(32).toString('base64url');
			const parts = [
				`a header line ${size}\n`,
				randomBytes(size),
				'',
				randomBytes(size >> 3),
				'é€😀',
			];
			expect(hmacSha256(key, parts).toString('hex')).toBe(
				viaNodeCrypto(key, parts).toString('hex'),
			);
		}
	});

	it('matches the RFC 4231 test vector 2', () => {
		expect(hmacSha256('Jefe', ['what do ya want ', 'for nothing?']).toString('hex')).toBe(
			'5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
		);
	});
});
