import { createRequire } from 'node:module';
import type * as Crypto from 'node:crypto';

import { answerMacInput, requestMacInput } from '../../protocol/wire';

// Loaded on the first request: a headless decision never talks to a window and should not pay for node:crypto.
const lazyRequire = createRequire(__filename);
const crypto = (): typeof Crypto => lazyRequire('node:crypto') as typeof Crypto;

/** A fresh random nonce for one request. */
export function newNonce(): string {
	return crypto().randomBytes(16).toString('base64url');
}

/** The MAC a node client sends with its request (`authorization: Hookwarden-HMAC <mac>`). */
export function signRequest(secret: string, nonce: string, body: string): string {
	return macOf(secret, requestMacInput(nonce, body));
}

/** The proof a window sends with its answer. */
export function proveAnswer(secret: string, nonce: string, body: string): string {
	return macOf(secret, answerMacInput(nonce, body));
}

/** Whether `presented` is the MAC of `input` under `secret`, compared in constant time. */
export function verifyMac(secret: string, input: string, presented: string): boolean {
	const expected = Buffer.from(macOf(secret, input));
	const given = Buffer.from(presented);
	return expected.length === given.length && crypto().timingSafeEqual(expected, given);
}

/** The HMAC-SHA256 of `input` under the per-install secret, base64url; callers prefix `input` with its purpose. */
export function macOf(secret: string, input: string): string {
	return crypto().createHmac('sha256', secret).update(input).digest('base64url');
}
