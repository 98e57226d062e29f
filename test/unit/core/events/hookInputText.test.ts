import { describe, expect, it } from 'vitest';

import {
	decodeHookInput,
	MAX_HOOK_INPUT_BYTES,
	parseHookInput,
} from '../../../../src/core/events/hookInputText';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('hook input as bytes', () => {
	it('decodes UTF-8 text, and refuses bytes that are not', () => {
		expect(decodeHookInput(bytes('{"a":"é"}'))).toEqual({ text: '{"a":"é"}' });
		expect(decodeHookInput(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({ kind: 'notText' });
	});

	it.each([
		['a JSON object', { text: '{"hook_event_name":"Stop"}' }, { hook_event_name: 'Stop' }],
		['any JSON value (its shape is judged later)', { text: '[1]' }, [1]],
	])('parses %s', (_, input, payload) => {
		expect(parseHookInput(input)).toEqual({ ok: true, payload });
	});

	it.each([
		['empty', { text: '' }, /is empty/],
		['only blank', { text: ' \n\t' }, /is empty/],
		['cut short', { text: '{"tool_na' }, /not valid JSON \(/],
		['not text', { kind: 'notText' } as const, /not UTF-8 text/],
		[
			'too large',
			{ kind: 'tooLarge', limit: MAX_HOOK_INPUT_BYTES } as const,
			new RegExp(`larger than ${MAX_HOOK_INPUT_BYTES} bytes`),
		],
	])('says in one line why %s input is no payload', (_, input, cause) => {
		const parsed = parseHookInput(input);
		expect(parsed.ok).toBe(false);
		expect(!parsed.ok && parsed.cause).toMatch(cause);
		expect(!parsed.ok && parsed.cause).not.toContain('\n');
	});
});
