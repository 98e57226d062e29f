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

/** Each layer, its files, the layers (folders under src/) it may not import, and whether it is pure. */
const LAYERS = {
	core: {
		files: ['src/core/**'],
		forbidden: ['protocol', 'node', 'bridge', 'host', 'ui', 'sdk', 'sdkNode'],
		pure: true,
	},
	protocol: {
		files: ['src/protocol/**'],
		forbidden: ['node', 'bridge', 'host', 'ui', 'sdk', 'sdkNode'],
		pure: true,
	},
	sdk: {
		files: ['src/sdk/**'],
		forbidden: ['protocol', 'node', 'bridge', 'host', 'ui', 'sdkNode'],
		pure: true,
	},
	// The npm package's entry: the pure SDK plus the node parts it ships with (the shell grammar, own-state paths).
	sdkNode: {
		files: ['src/sdkNode/**'],
		forbidden: ['bridge', 'host', 'ui'],
		pure: false,
	},
	node: {
		files: ['src/node/**'],
		forbidden: ['bridge', 'host', 'ui', 'sdk', 'sdkNode'],
		pure: false,
	},
	bridge: { files: ['src/bridge/**'], forbidden: ['host', 'ui', 'sdk', 'sdkNode'], pure: false },
	host: { files: ['src/host/**'], forbidden: ['bridge', 'ui', 'sdk', 'sdkNode'], pure: false },
	ui: { files: ['src/ui/**'], forbidden: ['bridge', 'sdk', 'sdkNode'], pure: false },
	extension: { files: ['src/extension.ts'], forbidden: ['bridge', 'sdk', 'sdkNode'], pure: false },
};

export default tseslint.config(
	{
		ignores: [
			'dist/**',
			'packages/*/dist/**',
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
	// The layers (docs/architecture.md): each may import only the layers below it, so a reader knows from a file's
	// folder alone what it can touch. Pure layers also never see node I/O or VS Code. scripts/check-cycles.mjs
	// adds the other half: no import cycles, type imports included.
	...Object.entries(LAYERS).map(([layer, { files, forbidden, pure }]) => ({
		files,
		ignores: ['src/core/util/zod.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						...(layer === 'host' || layer === 'ui' || layer === 'extension' ? [] : ['vscode']),
						...zodPaths,
					],
					patterns: [
						...(pure
							? [
									{
										group: nodeIoPatterns,
										message: `${layer} is pure: no node I/O (see docs/architecture.md).`,
									},
								]
							: []),
						...(forbidden.length > 0
							? [
									{
										regex: `^\\.{1,2}/(.*/)?(${forbidden.join('|')})(/|$)`,
										message: `${layer} may not import ${forbidden.join(', ')} (see docs/architecture.md).`,
									},
								]
							: []),
					],
				},
			],
		},
	})),
	{
		files: ['src/bridge/**'],
		rules: {
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
