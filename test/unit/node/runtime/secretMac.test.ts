import { createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { macOf, verifyMac } from '../../../../src/node/runtime/secretMac';

const SECRET = 'per-install-secret-0123456789abcdefghijklmnop';

describe('the MAC of messages between the bridge and the window', () => {
	it.each([0, 300, 8 * 1024, 8 * 1024 + 1, 300_000])(
		'is the HMAC-SHA256 node:crypto gives, for a %i-character message on either side of the size that switches to it',
		(length) => {
			const input = 'é'.repeat(length % 7) + 'x'.repeat(length - (length % 7));
			expect(macOf(SECRET, input)).toBe(
				createHmac('sha256', SECRET).update(input).digest('base64url'),
			);
		},
	);

	it('verifies its own MAC and refuses one for another message or secret', () => {
		const mac = macOf(SECRET, 'request:nonce:{}');
		expect(verifyMac(SECRET, 'request:nonce:{}', mac)).toBe(true);
		expect(verifyMac(SECRET, 'request:nonce:{ }', mac)).toBe(false);
		expect(verifyMac(`${SECRET}x`, 'request:nonce:{}', mac)).toBe(false);
	});
});
