import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

interface Manifest {
	contributes: {
		walkthroughs: { steps: { id: string; title: string; description: string }[] }[];
	};
}

const manifest = JSON.parse(
	readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'),
) as Manifest;

/** Markdown a plain-text surface would show raw: code spans, emphasis, headings, list bullets. */
const RAW_MARKDOWN = /`|\*[^*\s][^*]*\*|(^|\s)_[^_\s][^_]*_(\s|[.,;:]|$)|^#|^\s*[-*] /m;

describe('plain text where VS Code shows no Markdown', () => {
	const steps = manifest.contributes.walkthroughs.flatMap((walkthrough) => walkthrough.steps);

	it.each(steps.map((step) => [step.id, step] as const))(
		'walkthrough step %s: only links, no raw Markdown',
		(_id, step) => {
			const withoutLinks = step.description.replace(/\[[^\]]*\]\([^)]*\)/g, '');
			expect(withoutLinks).not.toMatch(RAW_MARKDOWN);
			expect(step.title).not.toMatch(RAW_MARKDOWN);
		},
	);

	it('the check catches what it is for', () => {
		for (const raw of [
			'see `x`',
			'answer *Allow Once*',
			'the _Events_ view',
			'# Title',
			'- item',
		]) {
			expect(raw).toMatch(RAW_MARKDOWN);
		}
		for (const plain of ['run_in_terminal denied', 'More… for the rest', 'a * b', 'rm -rf ~']) {
			expect(plain).not.toMatch(RAW_MARKDOWN);
		}
	});
});
