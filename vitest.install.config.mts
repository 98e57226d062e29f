import { defineConfig } from 'vitest/config';

// The install test (test/install): installs the pinned VS Code server from npm into temp folders, twice. Minutes,
// not seconds, so it only runs on request (REQUIRE_INSTALL_TEST=1, which .ci/run sets) through scripts/test.mjs.
export default defineConfig({
	test: {
		include: ['test/install/**/*.test.ts'],
		environment: 'node',
		testTimeout: 15 * 60_000,
		hookTimeout: 60_000,
		fileParallelism: false,
	},
});
