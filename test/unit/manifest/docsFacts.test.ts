import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Manifest {
	contributes: {
		commands: { command: string; title: string }[];
		configuration: { properties: Record<string, { markdownDescription?: string }> }[];
	};
}
const manifest = JSON.parse(read('package.json')) as Manifest;
const titleOf = (command: string) =>
	manifest.contributes.commands.find((c) => c.command === command)?.title;
const settingText = (key: string) =>
	manifest.contributes.configuration.find((group) => group.properties[key])?.properties[key]
		?.markdownDescription ?? '';

/** The README's paragraphs, as blank lines separate them. */
const paragraphs = read('README.md').split(/\n\s*\n/);

describe('docs say what the product shows and does', () => {
	it('the Exceptions setting and the README name the Policies view’s button by its title', () => {
		const revoke = titleOf('hookwarden.revoke');
		expect(revoke).toBe('Revoke');
		const exceptions = settingText('hookwarden.exceptions');
		expect(exceptions).toContain(`*Policies* view lists them with *${revoke}*`);
		expect(exceptions).not.toMatch(/\*Remove\*/);
		const policies = paragraphs.find((p) => p.includes('**Policies**')) ?? '';
		expect(policies).toContain(`_${revoke}_`);
	});

	it('the README does not say `npm start` installs the browser its install step is told to skip', () => {
		const start = read('scripts/start.mjs');
		expect(start).toMatch(/HOOKWARDEN_INSTALL_BROWSER: '0'/);
		const aboutStart = paragraphs.filter((p) => p.startsWith('`npm start`'));
		expect(aboutStart.length).toBeGreaterThan(0);
		for (const paragraph of aboutStart) {
			const firstTime = /The first\s+time it installs([^.]*)/.exec(paragraph)?.[1] ?? '';
			expect(firstTime).not.toMatch(/chromium/i);
		}
	});

	it('the SDK decision record lists the grammars the package test expects', () => {
		const record = read('docs/decisions/sdk-package.md');
		const packageTest = read('test/integration/sdk.test.ts');
		const wasm = [...packageTest.matchAll(/'package\/dist\/([\w-]+\.wasm)'/g)].map((m) => m[1]);
		const files = [...packageTest.matchAll(/'package\/[\w./-]+'/g)].length;
		expect(wasm.length).toBeGreaterThan(0);
		expect(record).toContain(`The tarball holds ${files} files`);
		expect(record).toContain(`${NUMBER_WORDS[wasm.length] ?? wasm.length} \`.wasm\` files`);
	});
});

const NUMBER_WORDS: Readonly<Record<number, string>> = {
	2: 'two',
	3: 'three',
	4: 'four',
	5: 'five',
	6: 'six',
	7: 'seven',
	8: 'eight',
	9: 'nine',
};
