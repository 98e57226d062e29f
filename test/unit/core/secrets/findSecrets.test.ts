import { describe, expect, it } from 'vitest';

import { findSecrets, maskSecrets } from '../../../../src/core/secrets/findSecrets';

const GITHUB = `ghp_${'a1B2'.repeat(9)}`;
const AWS = 'AKIAIOSFODNN7EXAMPLE';
const OPENAI = `sk-proj-${'x9'.repeat(20)}`;
const KEY =
	'-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';

describe('findSecrets', () => {
	it.each([
		[`token ${GITHUB} here`, 'GitHub token'],
		[`export AWS_ACCESS_KEY_ID=${AWS}`, 'AWS access key id'],
		[`OPENAI_API_KEY=${OPENAI}`, 'OpenAI API key'],
		[`sk-ant-api03-${'Z'.repeat(40)}`, 'Anthropic API key'],
		[KEY, 'private key'],
		[`github_pat_${'A'.repeat(30)}`, 'GitHub fine-grained token'],
		[`xoxb-1234567890-abcdefghij`, 'Slack token'],
		[`ASIA${'Q'.repeat(16)}`, 'AWS access key id'],
		[`key=AIza${'b'.repeat(35)}`, 'Google API key'],
		[`STRIPE=sk_live_${'c'.repeat(24)}`, 'Stripe secret key'],
		[`rk_live_${'c'.repeat(24)}`, 'Stripe secret key'],
		[`//registry.npmjs.org/:_authToken=npm_${'d'.repeat(36)}`, 'npm token'],
		[`glpat-${'e'.repeat(20)}`, 'GitLab token'],
		[`gho_${'f'.repeat(36)}`, 'GitHub token'],
	])('finds the credential in %j', (text, kind) => {
		expect(findSecrets(text).map((m) => m.kind)).toEqual([kind]);
	});

	it.each([
		'the word skeleton and sk-short',
		'ghp_tooShort',
		'AKIA lower-case akiaiosfodnn7example',
		'my task is risky',
		'-----BEGIN PUBLIC KEY-----',
	])('does not flag %j', (text) => expect(findSecrets(text)).toEqual([]));

	it('masks every secret so the text can be logged', () => {
		const masked = maskSecrets(`a ${GITHUB} b ${AWS} c\n${KEY}`);
		expect(masked).not.toContain(GITHUB);
		expect(masked).not.toContain(AWS);
		expect(masked).not.toContain('b3BlbnNzaC1rZXktdjEAAAAA');
		expect(masked).toContain('ghp_…[masked]…');
		expect(masked.startsWith('a ')).toBe(true);
	});
});
