import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Crypto from 'node:crypto';

import { equalInConstantTime, hmacSha256 } from '../../core/util/hmacSha256';
import { answerMacInput, requestMacInput } from '../../protocol/wire';
import { cryptoBindingHmac, hmacSha256 as nativeHmac } from './nativeHmac';

// Cold, in a hook call's process, loading node:crypto and signing costs 10-15 ms whatever the size, and the plain
// TypeScript HMAC about 1 ms for a 300-byte message, 8.6 ms for 8 KB and 18 ms for 16 KB; the crypto binding, where
// it is known to work (nativeHmac.ts), a few microseconds. Without the binding, small messages (most requests, every
// answer and cache entry) are signed in TypeScript, larger ones (a big file edit) with node:crypto. node:crypto is
// also the fallback where /dev/urandom is missing.
const lazyRequire = createRequire(__filename);
const crypto = (): typeof Crypto => lazyRequire('node:crypto') as typeof Crypto;
const SMALL = 8 * 1024;

/** A fresh random nonce for one request (16 bytes from the operating system's generator, base64url). */
export function newNonce(): string {
	const bytes = Buffer.alloc(16);
	try {
		const fd = openSync('/dev/urandom', 'r');
		try {
			if (readSync(fd, bytes, 0, 16, null) === 16) {
				return bytes.toString('base64url');
			}
		} finally {
			closeSync(fd);
		}
	} catch {
		// No /dev/urandom (Windows): node:crypto below.
	}
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
	return equalInConstantTime(macOf(secret, input), presented);
}

/** The HMAC-SHA256 of `input` under the per-install secret, base64url; callers prefix `input` with its purpose. */
export function macOf(secret: string, input: string): string {
	if (cryptoBindingHmac() || input.length > SMALL) {
		return nativeHmac(secret, [input]).toString('base64url');
	}
	const encoder = new TextEncoder();
	return Buffer.from(hmacSha256(encoder.encode(secret), encoder.encode(input))).toString(
		'base64url',
	);
}
