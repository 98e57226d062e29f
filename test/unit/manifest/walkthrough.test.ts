import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { WALKTHROUGH } from '../../../src/ui/walkthroughIds';

interface Manifest {
	publisher: string;
	name: string;
	contributes: { walkthroughs: { id: string }[] };
}

const manifest = JSON.parse(
	readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'),
) as Manifest;

describe('the walkthrough the extension opens on first start is the one package.json contributes', () => {
	const [walkthrough] = manifest.contributes.walkthroughs;

	it('names it as VS Code does: publisher.name#id', () => {
		expect(WALKTHROUGH).toBe(`${manifest.publisher}.${manifest.name}#${walkthrough?.id ?? ''}`);
	});
});
