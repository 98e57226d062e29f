import type * as Crypto from 'node:crypto';
import { linkSync, lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { secretFile } from '../../protocol/endpoint';
import { ownedByMe } from './runtimeFolder';

// Loaded only to create a secret, which happens once per install: every other hook call only reads it.
const lazyRequire = createRequire(__filename);

/** The per-install secret, or one line saying why it cannot be used and how to fix it. */
export type SecretReading =
	| { readonly ok: true; readonly token: string; readonly file: string }
	| { readonly ok: false; readonly problem: string };

const TOKEN = /^Authorization: Bearer ([A-Za-z0-9_-]{32,})\s*$/;

/**
 * Reads the per-install secret from the runtime folder. It is used only when it is a plain file of this user that
 * nobody else may read: a secret others can read is no secret, and a link could point the launcher at anything.
 */
export function readSecret(runtime: string): SecretReading {
	const file = secretFile(runtime);
	let stat;
	try {
		stat = lstatSync(file);
	} catch (error) {
		return {
			ok: false,
			problem: `no secret at ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
		};
	}
	if (!stat.isFile()) {
		return { ok: false, problem: `${file} is not a plain file; remove it and reload VS Code` };
	}
	if (process.platform !== 'win32' && (!ownedByMe(stat.uid) || (stat.mode & 0o077) !== 0)) {
		return {
			ok: false,
			problem: `${file} is readable by other users or not yours; remove it and reload VS Code to make a new one`,
		};
	}
	const token = TOKEN.exec(readFileSync(file, 'utf8'))?.[1];
	return token
		? { ok: true, token, file }
		: { ok: false, problem: `${file} does not hold a Hookwarden secret` };
}

/**
 * The per-install secret node clients sign with and every window proves it holds (it also signs the shell-analysis
 * cache and the trust record). It never goes on the wire; it is stored as the header line earlier versions sent, so an
 * existing install keeps its secret. Created once, atomically (so two windows starting together agree), owner-readable only.
 */
export function ensureSecret(runtime: string): { readonly file: string; readonly token: string } {
	const existing = readSecret(runtime);
	if (existing.ok) {
		return existing;
	}
	const file = secretFile(runtime);
	const { randomBytes, randomUUID } = lazyRequire('node:crypto') as typeof Crypto;
	const token = randomBytes(32).toString('base64url');
	const temporary = `${file}.${process.pid}.${randomUUID()}`;
	writeFileSync(temporary, `Authorization: Bearer ${token}\n`, { mode: 0o600 });
	try {
		linkSync(temporary, file);
	} catch {
		// Another window won the race, or a bad file is in the way: the check below tells which.
	} finally {
		rmSync(temporary, { force: true });
	}
	const winner = readSecret(runtime);
	if (!winner.ok) {
		throw new Error(winner.problem);
	}
	return winner;
}
