import { defineConfig } from 'vitest/config';

// Unit tests run in plain Node: no `vscode` alias on purpose, so logic that needs VS Code cannot hide here.
export default defineConfig({
	test: {
		include: ['test/unit/**/*.test.ts'],
		environment: 'node',
	},
});
