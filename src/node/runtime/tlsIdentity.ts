import { createHash, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { linkSync, lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

import { tlsIdentityFile } from '../../protocol/endpoint';
import { ownedByMe } from './runtimeFolder';
import { selfSignedCertificate } from './selfSignedCertificate';

/**
 * The fast path's TLS identity: one EC key and its self-signed certificate, shared by the windows (which serve with it)
 * and the `sh` launcher (which presents it as its client certificate), and the pin of its public key the launcher was
 * written with. Either end proves itself by the TLS handshake, over a fresh transcript each time: nothing secret
 * crosses the socket, so a socket an agent planted at the endpoint learns nothing and cannot answer.
 */
export interface TlsIdentity {
	readonly file: string;
	readonly key: string;
	readonly cert: string;
	/** `sha256//<base64>` of the public key (SubjectPublicKeyInfo), as `curl --pinnedpubkey` takes it. */
	readonly pin: string;
}

const KEY_BLOCK = /-----BEGIN PRIVATE KEY-----[^-]+-----END PRIVATE KEY-----\n?/;
const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n?/;

/** The pin of a certificate's public key, in the form `curl --pinnedpubkey` takes. */
export function publicKeyPin(cert: string): string {
	const spki = createPublicKey(cert).export({ type: 'spki', format: 'der' });
	return `sha256//${createHash('sha256').update(spki).digest('base64')}`;
}

/**
 * Reads the identity from the runtime folder. It is used only when it is a plain file of this user that nobody else may
 * read, holding one key and one certificate; anything else is a problem line, never a weaker identity.
 */
export function readTlsIdentity(runtime: string): TlsIdentity | IdentityProblem {
	const file = tlsIdentityFile(runtime);
	let text: string;
	try {
		const stat = lstatSync(file);
		if (
			!stat.isFile() ||
			(process.platform !== 'win32' && (!ownedByMe(stat.uid) || (stat.mode & 0o077) !== 0))
		) {
			return { problem: `${file} is not a private file of yours; remove it and reload VS Code` };
		}
		text = readFileSync(file, 'utf8');
	} catch (error) {
		return {
			problem: `no TLS identity at ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
		};
	}
	const key = KEY_BLOCK.exec(text)?.[0];
	const cert = CERT_BLOCK.exec(text)?.[0];
	if (!key || !cert) {
		return { problem: `${file} does not hold a key and a certificate`, replaceable: true };
	}
	try {
		return { file, key, cert, pin: publicKeyPin(cert) };
	} catch (error) {
		return {
			problem: `the TLS identity at ${file} does not parse (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
			replaceable: true,
		};
	}
}

/** Why there is no identity; `replaceable` when it is a private file of ours that does not parse, so a window may renew it. */
export interface IdentityProblem {
	readonly problem: string;
	readonly replaceable?: true;
}

/**
 * The identity in the runtime folder, made once (atomically, so two windows starting together agree) when missing.
 * Only a window makes one: a bridge never serves, and the launcher reads the file a window made.
 */
export function ensureTlsIdentity(runtime: string): TlsIdentity {
	const existing = readTlsIdentity(runtime);
	if ('pin' in existing) {
		return existing;
	}
	const file = tlsIdentityFile(runtime);
	const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
	const der = selfSignedCertificate(privateKey, publicKey, 'hookwarden');
	const cert = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;
	const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
	const temporary = `${file}.${process.pid}.${randomUUID()}`;
	writeFileSync(temporary, key + cert, { mode: 0o600 });
	try {
		// A private file of ours that does not parse (a damaged or older identity) is renewed in place; anything else in
		// the way is left for the person, and the read below says what it is.
		if ('replaceable' in existing) {
			renameSync(temporary, file);
		} else {
			linkSync(temporary, file);
		}
	} catch {
		// Another window won the race, or a bad file is in the way: the read below tells which.
	} finally {
		rmSync(temporary, { force: true });
	}
	const winner = readTlsIdentity(runtime);
	if (!('pin' in winner)) {
		throw new Error(winner.problem);
	}
	return winner;
}
