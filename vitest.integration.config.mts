import { defineConfig } from 'vitest/config';

// Integration tests spawn the built bundles as real processes, so they run after `npm run build`.
export default defineConfig({
	test: {
		include: ['test/integration/**/*.test.ts'],
		environment: 'node',
		testTimeout: 30_000,
	},
});
