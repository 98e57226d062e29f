import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import {
	chmodSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ensureTlsIdentity, readTlsIdentity } from '../../../../src/node/runtime/tlsIdentity';
import { tlsIdentityFile } from '../../../../src/protocol/endpoint';

let runtime: string;
beforeEach(() => {
	runtime = join(mkdtempSync(join(tmpdir(), 'hookwarden-tls-')), 'rt');
	mkdirSync(runtime, { mode: 0o700 });
});
afterEach(() => rmSync(runtime, { recursive: true, force: true }));

describe('the fast path TLS identity', () => {
	it('is made once, owner-only, with a certificate for its own key that never expires', () => {
		const identity = ensureTlsIdentity(runtime);
		expect(identity.file).toBe(tlsIdentityFile(runtime));
		expect(statSync(identity.file).mode & 0o077).toBe(0);
		const cert = new X509Certificate(identity.cert);
		expect(cert.checkPrivateKey(createPrivateKey(identity.key))).toBe(true);
		expect(cert.verify(cert.publicKey)).toBe(true);
		expect(cert.subject).toBe('CN=hookwarden');
		expect(new Date(cert.validTo).getUTCFullYear()).toBe(9999);
		expect(ensureTlsIdentity(runtime)).toEqual(identity);
	});

	it('pins the key as curl does: sha256// and the base64 digest of its public key', () => {
		const identity = ensureTlsIdentity(runtime);
		const spki = new X509Certificate(identity.cert).publicKey.export({
			type: 'spki',
			format: 'der',
		});
		expect(identity.pin).toBe(`sha256//${createHash('sha256').update(spki).digest('base64')}`);
	});

	it('refuses a file others may read, or one without a key and a certificate', () => {
		const identity = ensureTlsIdentity(runtime);
		chmodSync(identity.file, 0o644);
		expect(readTlsIdentity(runtime)).toEqual({
			problem: expect.stringMatching(/not a private file/) as unknown,
		});
		writeFileSync(
			identity.file,
			readFileSync(identity.file, 'utf8').replace(/-----BEGIN PRIVATE[^]*?KEY-----\n/, ''),
		);
		chmodSync(identity.file, 0o600);
		expect(readTlsIdentity(runtime)).toEqual({
			problem: expect.stringMatching(/key and a certificate/) as unknown,
			replaceable: true,
		});
	});

	it('renews a private identity of its own that does not parse, and leaves one it may not trust alone', () => {
		const first = ensureTlsIdentity(runtime);
		// A certificate whose serial has a redundant leading zero, as about one identity in 256 had: OpenSSL refuses it.
		const damaged = first.cert.replace(
			/(-----BEGIN CERTIFICATE-----\n)[^-]+/,
			'$1MIIBAjCBqKADAgECAhEAAQ==\n',
		);
		writeFileSync(first.file, first.key + damaged, { mode: 0o600 });
		expect(readTlsIdentity(runtime)).toMatchObject({ replaceable: true });
		const renewed = ensureTlsIdentity(runtime);
		expect(renewed.pin).not.toBe(first.pin);
		expect(readTlsIdentity(runtime)).toEqual(renewed);

		chmodSync(renewed.file, 0o644);
		expect(() => ensureTlsIdentity(runtime)).toThrow(/not a private file/);
		expect(readFileSync(renewed.file, 'utf8')).toBe(renewed.key + renewed.cert);
	});
});
