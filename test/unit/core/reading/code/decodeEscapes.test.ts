import { describe, expect, it } from 'vitest';

import type { EscapeStyle } from '../../../../../src/core/reading/code/decodeEscapes';
import { decodeEscapes } from '../../../../../src/core/reading/code/decodeEscapes';
import type { Decoding } from '../../../../../src/core/reading/code/decodedText';
import { decode } from '../../../../../src/core/reading/code/decodedText';

describe('decodeEscapes', () => {
	it.each<[EscapeStyle, string, string | undefined]>([
		['python', 'r\\x6d\\040-rf', 'rm -rf'],
		['python', '\\u0072\\U0000006d', 'rm'],
		['python', 'a\\qb', 'a\\qb'],
		['python', "it\\'s \\\\ fine", "it's \\ fine"],
		['python', '\\N{BULLET}', undefined],
		['python-bytes', '\\x41\\u0041', 'A\\u0041'],
		['javascript', '\\x41\\u0042\\u{43}\\q', 'ABCq'],
		['javascript', '\\0', '\0'],
		['ruby', '\\e[0m\\s\\u{41 42}', '\x1b[0m AB'],
		['php', '\\x41\\101\\u{41}\\$x\\q', 'AAA$x\\q'],
		['quote-only', "a\\'b\\\\c\\n", "a'b\\c\\n"],
	])('%s: %j → %j', (style, body, expected) => {
		expect(decodeEscapes(body, style)).toEqual(expected);
	});
});

describe('decode', () => {
	it.each<[Decoding, string, string | undefined]>([
		['base64', 'cm0gLXJmIH4=', 'rm -rf ~'],
		['base64', 'cm0gLXJmIH4', 'rm -rf ~'],
		['base64', 'w6k=', 'é'],
		['base64', 'not base64!', undefined],
		['hex', '726d202d7266', 'rm -rf'],
		['hex', 'zz', undefined],
		['rot13', 'ez -es ~', 'rm -rf ~'],
	])('%s: %j → %j', (decoding, input, expected) => {
		expect(decode(input, decoding)).toEqual(expected);
	});
});
