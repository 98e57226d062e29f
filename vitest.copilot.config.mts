import { defineConfig } from 'vitest/config';

// The Copilot CLI tier drives the real `copilot` binary against a scripted model on loopback, with the built bridge.
// Run it through `node scripts/run-copilot-tests.mjs` (npm run test:copilot), which builds and checks prerequisites.
export default defineConfig({
	test: {
		include: ['test/copilot/**/*.test.ts'],
		environment: 'node',
		// Each scenario starts a CLI session and a bridge process per hook event; two cores cannot run them side by side.
		fileParallelism: false,
		testTimeout: 120_000,
		hookTimeout: 120_000,
	},
});
