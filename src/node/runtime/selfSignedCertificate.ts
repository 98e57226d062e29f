import type { KeyObject } from 'node:crypto';
import { randomBytes, sign } from 'node:crypto';

// DER (X.690) tags of the few types a minimal certificate needs.
const SEQUENCE = 0x30;
const SET = 0x31;
const INTEGER = 0x02;
const BIT_STRING = 0x03;
const OBJECT_IDENTIFIER = 0x06;
const UTF8_STRING = 0x0c;
const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;
const VERSION_TAG = 0xa0;

function der(tag: number, ...content: Buffer[]): Buffer {
	const body = Buffer.concat(content);
	if (body.length < 0x80) {
		return Buffer.concat([Buffer.from([tag, body.length]), body]);
	}
	const length: number[] = [];
	for (let n = body.length; n > 0; n >>= 8) {
		length.unshift(n & 0xff);
	}
	return Buffer.concat([Buffer.from([tag, 0x80 | length.length, ...length]), body]);
}

function oid(dotted: string): Buffer {
	const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
	const bytes = [first * 40 + second];
	for (const arc of rest) {
		const base128 = [arc & 0x7f];
		for (let n = arc >> 7; n > 0; n >>= 7) {
			base128.unshift(0x80 | (n & 0x7f));
		}
		bytes.push(...base128);
	}
	return der(OBJECT_IDENTIFIER, Buffer.from(bytes));
}

const ECDSA_WITH_SHA256 = der(SEQUENCE, oid('1.2.840.10045.4.3.2'));

function name(commonName: string): Buffer {
	return der(
		SEQUENCE,
		der(SET, der(SEQUENCE, oid('2.5.4.3'), der(UTF8_STRING, Buffer.from(commonName, 'utf8')))),
	);
}

/** `YYMMDDHHMMSSZ` as UTCTime, the form RFC 5280 requires for dates before 2050. */
function utcTime(date: Date): Buffer {
	const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
	return der(UTC_TIME, Buffer.from(`${text}Z`, 'ascii'));
}

/**
 * A serial number from random bytes as DER requires it: positive (top bit clear) and minimal (no leading zero byte,
 * which OpenSSL refuses with `ILLEGAL_PADDING`; about one identity in 256 had one).
 */
export function serialNumber(random: Buffer): Buffer {
	const serial = Buffer.from(random);
	serial[0] = 0x40 | ((serial[0] ?? 0) & 0x3f);
	return serial;
}

/**
 * A self-signed X.509 v3 certificate (DER) for an EC P-256 key, signed with ECDSA-SHA256: what a TLS endpoint needs to
 * present a public key that the other end pins by its SHA-256 (`curl --pinnedpubkey`), so no name, extension or chain
 * is checked and none is written. It never expires (RFC 5280's 99991231235959Z), because the pin, not the date, is
 * what is trusted, and the key is replaced with the secret it lives beside.
 */
export function selfSignedCertificate(
	privateKey: KeyObject,
	publicKey: KeyObject,
	commonName: string,
	now: Date = new Date(),
	random: Buffer = randomBytes(16),
): Buffer {
	const serial = serialNumber(random);
	const subject = name(commonName);
	const tbs = der(
		SEQUENCE,
		der(VERSION_TAG, der(INTEGER, Buffer.from([2]))),
		der(INTEGER, serial),
		ECDSA_WITH_SHA256,
		subject,
		der(
			SEQUENCE,
			utcTime(new Date(now.getTime() - 24 * 3600 * 1000)),
			der(GENERALIZED_TIME, Buffer.from('99991231235959Z', 'ascii')),
		),
		subject,
		publicKey.export({ type: 'spki', format: 'der' }),
	);
	const signature = sign('sha256', tbs, privateKey);
	return der(SEQUENCE, tbs, ECDSA_WITH_SHA256, der(BIT_STRING, Buffer.from([0]), signature));
}
