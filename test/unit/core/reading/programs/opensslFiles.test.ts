import { describe, expect, it } from 'vitest';

import { lineEffects } from '../../../../../src/core/reading/effects/lineEffects';
import { analyze } from '../../../../support/shellAnalyzer';

/** `kind path` for each file effect of a line. */
async function fileEffects(line: string): Promise<string[]> {
	return lineEffects((await analyze(line, 'bash')).commands)
		.filter((effect) => effect.path !== undefined)
		.map((effect) => `${effect.kind} ${effect.path ?? ''}`);
}

describe('openssl: the files its options name, not its words', () => {
	it.each<[string, string[]]>([
		// A key algorithm and a subject are values, not files; -keyout and -out are written, not read.
		[
			'openssl req -x509 -newkey rsa:2048 -keyout dev.key -out dev.crt -nodes -subj /CN=dev',
			['write dev.key', 'write dev.crt'],
		],
		['openssl x509 -in site.crt -noout -text', ['read site.crt']],
		['openssl rsa -in id.pem -pubout -out id.pub', ['write id.pub', 'read id.pem']],
		// A password option names a file only as file:…; pass:… and env:… are not paths.
		['openssl enc -d -aes-256-cbc -pass file:pw.txt -in a.enc', ['read pw.txt', 'read a.enc']],
		['openssl enc -d -aes-256-cbc -pass pass:hunter2 -in a.enc', ['read a.enc']],
		// A digest reads its operands.
		[
			'openssl dgst -sha256 -verify pub.pem -signature app.sig app.tar',
			['read pub.pem', 'read app.sig', 'read app.tar'],
		],
		['openssl s_client -connect example.com:443 -servername example.com', []],
	])('%s', async (line, expected) => {
		expect((await fileEffects(line)).sort()).toEqual([...expected].sort());
	});
});
