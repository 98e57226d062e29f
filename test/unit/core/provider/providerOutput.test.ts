import { describe, expect, it } from 'vitest';

import type { ProviderAnswer } from '../../../../src/core/provider/providerOutput';
import { readProviderOutput } from '../../../../src/core/provider/providerOutput';

const ok = (stdout: string) => ({ stdout, exitCode: 0 });

describe('readProviderOutput reads every form a hook answers in', () => {
	it.each<
		[string, { stdout: string; stderr?: string; exitCode: number }, ProviderAnswer | undefined]
	>([
		['empty output', ok(''), undefined],
		['blank lines', ok('\n  \n'), undefined],
		['continue', ok('continue\n'), undefined],
		['CONTINUE in capitals', ok('CONTINUE'), undefined],
		['block: reason', ok('block: no publishing\n'), { verdict: 'deny', reason: 'no publishing' }],
		['block: without a reason', ok('block:'), { verdict: 'deny' }],
		['ask: question', ok('ask: Push to main?'), { verdict: 'ask', reason: 'Push to main?' }],
		['{} from a JSON hook', ok('{}'), undefined],
		['action continue', ok('{"action":"continue"}'), undefined],
		['action block', ok('{"action":"block","reason":"nope"}'), { verdict: 'deny', reason: 'nope' }],
		[
			'action block with a message',
			ok('{"action":"block","message":"nope"}'),
			{ verdict: 'deny', reason: 'nope' },
		],
		['action ask', ok('{"action":"ask","question":"ok?"}'), { verdict: 'ask', reason: 'ok?' }],
		[
			'action continue_with',
			ok('{"action":"continue_with","input":{"command":"ls -la"},"context":"c"}'),
			{ updatedInput: { command: 'ls -la' }, additionalContext: 'c' },
		],
		[
			"Hookwarden's decision JSON",
			ok('{"verdict":"ask","reason":"r","additionalContext":"c","systemMessage":"m"}'),
			{ verdict: 'ask', reason: 'r', additionalContext: 'c', systemMessage: 'm' },
		],
		["Hookwarden's stop", ok('{"stop":{"reason":"halt"}}'), { stop: { reason: 'halt' } }],
		[
			'VS Code / Claude hookSpecificOutput',
			ok(
				'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm","updatedInput":{"a":1},"additionalContext":"x"}}',
			),
			{ verdict: 'deny', reason: 'no rm', updatedInput: { a: 1 }, additionalContext: 'x' },
		],
		[
			'Copilot CLI top-level permissionDecision and modifiedArgs',
			ok('{"permissionDecision":"allow","permissionDecisionReason":"fine","modifiedArgs":{"b":2}}'),
			{ verdict: 'allow', reason: 'fine', updatedInput: { b: 2 } },
		],
		[
			'decision block (Claude, Stop hooks)',
			ok('{"decision":"block","reason":"tests fail"}'),
			{ verdict: 'deny', reason: 'tests fail' },
		],
		['decision approve (older Claude)', ok('{"decision":"approve"}'), { verdict: 'allow' }],
		[
			'continue false with a stop reason',
			ok('{"continue":false,"stopReason":"enough"}'),
			{ stop: { reason: 'enough' } },
		],
		[
			'exit code 2 with stderr as the reason',
			{ stdout: 'ignored', stderr: 'Blocked: rm -rf\n', exitCode: 2 },
			{ verdict: 'deny', reason: 'Blocked: rm -rf' },
		],
		[
			'exit code 2 without stderr',
			{ stdout: '', exitCode: 2 },
			{ verdict: 'deny', reason: 'Blocked by a hooks provider (exit code 2).' },
		],
	])('%s', (_, output, expected) => {
		expect(readProviderOutput(output)).toEqual({ ok: true, answer: expected });
	});
});

describe('readProviderOutput refuses what it cannot read', () => {
	it.each<[string, { stdout: string; stderr?: string; exitCode: number }, RegExp]>([
		[
			'another exit code',
			{ stdout: '', stderr: 'crashed', exitCode: 1 },
			/exited with code 1: 'crashed'/,
		],
		['another exit code, silent', { stdout: '', exitCode: 127 }, /code 127 and no message/],
		['prose', ok('looks fine to me'), /neither a decision nor JSON/],
		['truncated JSON', ok('{"verdict":"deny"'), /neither a decision nor JSON/],
		['a JSON array', ok('["deny"]'), /not an object/],
		['a JSON string', ok('"deny"'), /not an object/],
		['an unknown verdict', ok('{"verdict":"maybe"}'), /unknown permission decision/],
		[
			'an unknown permissionDecision',
			ok('{"permissionDecision":"yes"}'),
			/unknown permission decision/,
		],
		['an unknown decision', ok('{"decision":"stop"}'), /unknown decision/],
		['an unknown action', ok('{"action":"explode"}'), /unknown action/],
		['a reason that is not text', ok('{"verdict":"deny","reason":3}'), /reason that is not text/],
		['updatedInput that is not an object', ok('{"updatedInput":"x"}'), /not an object/],
		[
			'continue_with input that is not an object',
			ok('{"action":"continue_with","input":[1]}'),
			/not an object/,
		],
	])('%s', (_, output, problem) => {
		const read = readProviderOutput(output);
		expect(read.ok).toBe(false);
		expect(!read.ok && read.problem).toMatch(problem);
	});

	it('quotes long output shortened', () => {
		const read = readProviderOutput(ok('x'.repeat(1000)));
		expect(!read.ok && read.problem.length).toBeLessThan(300);
	});
});
