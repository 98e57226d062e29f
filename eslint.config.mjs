// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const nodeIo = [
	'fs',
	'net',
	'child_process',
	'http',
	'https',
	'os',
	'path',
	'worker_threads',
	'dgram',
	'tls',
];
// Flat config replaces a rule's options per block, so every block that restricts imports repeats these.
const zodPaths = [
	{ name: 'zod', message: 'Import from src/core/util/zod (zod/mini) instead.' },
	{ name: 'zod/mini', message: 'Import from src/core/util/zod instead.' },
];
const nodeIoPatterns = nodeIo.flatMap((m) => [m, `node:${m}`, `${m}/*`, `node:${m}/*`]);

export default tseslint.config(
	{
		ignores: [
			'dist/**',
			'out/**',
			'node_modules/**',
			'.vscode-server/**',
			'.vscode-test/**',
			'test-results/**',
			'coverage/**',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommendedTypeChecked,
	...tseslint.configs.stylisticTypeChecked,
	{
		languageOptions: {
			parserOptions: {
				projectService: {
					allowDefaultProject: [
						'*.mjs',
						'bench/*.mjs',
						'scripts/*.mjs',
						'test/*/*.mjs',
						'test/e2e/support/*.mjs',
					],
				},
				tsconfigRootDir: import.meta.dirname,
			},
		},
		rules: {
			curly: 'error',
			eqeqeq: ['error', 'always'],
			'no-console': 'error',
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': 'error',
			'@typescript-eslint/consistent-type-imports': 'error',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
			],
		},
	},
	{
		// One stray `import { z } from 'zod'` brings the whole classic API (~450 KB) back into the bridge.
		files: ['src/**'],
		ignores: ['src/core/util/zod.ts'],
		rules: {
			'no-restricted-imports': ['error', { paths: zodPaths }],
		},
	},
	{
		// Pure layers: a reader must know from the path alone that these files do no I/O and never see VS Code.
		files: ['src/core/**', 'src/protocol/**'],
		ignores: ['src/core/util/zod.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ paths: ['vscode', ...zodPaths], patterns: nodeIoPatterns },
			],
		},
	},
	{
		files: ['src/bridge/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ paths: ['vscode', ...zodPaths], patterns: ['**/host/**', '**/ui/**'] },
			],
			// esbuild turns `import * as fs` into a copy of every export of the module, in every file that does it:
			// about 2 ms of each hook call's start-up in the bridge bundle, measured. Named imports cost nothing.
			'no-restricted-syntax': [
				'error',
				{
					selector:
						"ImportDeclaration[importKind='value'][source.value=/^node:/] > ImportNamespaceSpecifier",
					message:
						'Import the names you use from node: modules (esbuild copies a namespace at start-up).',
				},
			],
		},
	},
	{
		// Scripts, benches and test drivers are command-line programs: their stdout is their interface.
		files: ['scripts/**', 'bench/**', 'test/**', '*.mjs'],
		languageOptions: { globals: { ...globals.node } },
		rules: { 'no-console': 'off' },
	},
	{
		// Plain JavaScript scripts carry no types, so type-aware rules would only report `any` everywhere.
		files: ['**/*.mjs'],
		...tseslint.configs.disableTypeChecked,
	},
	prettier,
);
