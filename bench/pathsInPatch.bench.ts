// Reading the file paths out of a huge apply_patch body: 100,000 `*** Add File:` headers. This was a timed
// assertion in test/unit/core/reading/tools/pathsInPatch.test.ts; the unit test keeps the behaviour, this keeps the speed.
import { performance } from 'node:perf_hooks';

import { pathsInPatch } from '../src/core/reading/tools/pathsInPatch';

const FILES = 100_000;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function run(): { files: number; medianMs: number; maxMs: number } {
	const patch = [
		'*** Begin Patch',
		...Array.from({ length: FILES }, (_, i) => `*** Add File: f${i}.ts\n+x`),
		'*** End Patch',
	].join('\n');
	const times: number[] = [];
	for (let i = 0; i < 7; i++) {
		const start = performance.now();
		const paths = pathsInPatch(patch);
		times.push(performance.now() - start);
		if (paths.length !== FILES) {
			throw new Error(`pathsInPatch bench: read ${paths.length} of ${FILES} paths`);
		}
	}
	return { files: FILES, medianMs: median(times), maxMs: Math.max(...times) };
}
