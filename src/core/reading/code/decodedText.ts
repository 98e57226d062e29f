import { unknown } from './codeValue';
import type { Candidates } from './symbolicValue';
import { text, textsOf } from './symbolicValue';

/** A decoding the reader can undo on a fixed string, so decoded code is read rather than only flagged. */
export type Decoding = 'base64' | 'hex' | 'rot13';

/** What a decoding call returns: the decoded string when its input is fixed, else a string decoded at run time. */
export function decodedText(values: Candidates, decoding: Decoding, call: string): Candidates {
	return textsOf(values).map((value) => {
		const decoded = value.kind === 'literal' ? decode(value.text, decoding) : undefined;
		return text(decoded ?? unknown(`a string decoded at run time by ${call}`));
	});
}

/** The input decoded, or `undefined` when it is not valid in that encoding. */
export function decode(input: string, decoding: Decoding): string | undefined {
	switch (decoding) {
		case 'base64':
			return bytesToText(base64Bytes(input));
		case 'hex':
			return /^(?:[0-9a-fA-F]{2}|\s)*$/.test(input)
				? bytesToText(
						(input.replace(/\s+/g, '').match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)),
					)
				: undefined;
		case 'rot13':
			return input.replace(/[a-zA-Z]/g, (char) => {
				const base = char <= 'Z' ? 65 : 97;
				return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
			});
	}
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64Bytes(input: string): number[] | undefined {
	const clean = input.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
	if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) {
		return undefined;
	}
	const bytes: number[] = [];
	let buffer = 0;
	let bits = 0;
	for (const char of clean) {
		buffer = (buffer << 6) | ALPHABET.indexOf(char);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			bytes.push((buffer >> bits) & 0xff);
		}
	}
	return bytes;
}

/** Bytes as UTF-8 text, or as Latin-1 when they are not UTF-8 (the shell reads bytes, not characters). */
function bytesToText(bytes: readonly number[] | undefined): string | undefined {
	if (bytes === undefined) {
		return undefined;
	}
	const latin1 = String.fromCharCode(...bytes.slice(0, 100_000));
	try {
		return decodeURIComponent(
			bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
		);
	} catch {
		return latin1;
	}
}
