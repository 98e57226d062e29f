import type * as V8 from 'node:v8';

import { describe, expect, it, vi } from 'vitest';

// The flag is process-wide: the test watches the call instead of letting it change this worker's V8.
const setFlagsFromString = vi.hoisted(() => vi.fn());
vi.mock('node:v8', async (original) => ({
	...(await original<typeof V8>()),
	setFlagsFromString,
}));

import { createCodeParser } from '../../../../src/node/shell/codeGrammars';
import { createShellAnalyzer } from '../../../../src/node/shell/shellGrammars';

describe("the grammar loaders' --liftoff-only", () => {
	it('is left alone for a caller that does not ask for it (the extension host, the SDK, a test)', async () => {
		const analyzer = await createShellAnalyzer({ dialects: ['bash'] });
		expect(analyzer.analyze('rm -rf build', 'bash').commands).toHaveLength(1);
		await createCodeParser('python');
		expect(setFlagsFromString).not.toHaveBeenCalled();
	});

	it('is set when the caller asks, as the one-shot bridge does', async () => {
		await createShellAnalyzer({ dialects: ['bash'], baselineWasmOnly: true });
		expect(setFlagsFromString).toHaveBeenCalledWith('--liftoff-only');
	});
});
