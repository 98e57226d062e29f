import { generateKeyPairSync, X509Certificate } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
	selfSignedCertificate,
	serialNumber,
} from '../../../../src/node/runtime/selfSignedCertificate';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

/** Random bytes whose first byte would make a negative or a zero-padded INTEGER if written as drawn. */
const AWKWARD_STARTS = [0x00, 0x01, 0x7f, 0x80, 0xff];

describe('the self-signed certificate', () => {
	it.each(AWKWARD_STARTS.flatMap((first) => [0x00, 0x7f, 0x80].map((second) => [first, second])))(
		'parses whatever random bytes its serial starts with (%i, %i)',
		(first, second) => {
			const random = Buffer.alloc(16, 0x5a);
			random[0] = first;
			random[1] = second;
			const cert = new X509Certificate(
				selfSignedCertificate(privateKey, publicKey, 'hookwarden', new Date(), random),
			);
			expect(cert.verify(publicKey)).toBe(true);
			expect(cert.serialNumber).toBe(serialNumber(random).toString('hex').toUpperCase());
		},
	);

	it('keeps 126 random bits in the serial, positive and without a leading zero byte', () => {
		for (const first of AWKWARD_STARTS) {
			const serial = serialNumber(Buffer.from([first, ...Buffer.alloc(15, 0x11)]));
			expect(serial.length).toBe(16);
			expect(serial[0]! & 0x80).toBe(0);
			expect(serial[0]).not.toBe(0);
		}
	});
});
