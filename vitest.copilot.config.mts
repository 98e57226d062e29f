import { defineConfig } from 'vitest/config';

// The Copilot CLI tier drives the real `copilot` binary against a scripted model on loopback, with the built bridge.
// Run it through `node scripts/run-copilot-tests.mjs` (npm run test:copilot), which builds and checks prerequisites.
export default defineConfig({
	test: {
		include: ['test/copilot/**/*.test.ts'],
		environment: 'node',
		// A CLI session spends about half its time waiting (measured: 45 s wall, 29 s CPU for one scenario), so two
		// files at a time fit two cores; each file has its own HOME, model server port and audit log.
		fileParallelism: true,
		maxWorkers: 2,
		testTimeout: 120_000,
		hookTimeout: 120_000,
	},
});
