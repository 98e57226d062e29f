// @ts-check
import * as fs from 'node:fs';

import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// `--sdk` builds only `hookwarden/sdk` (its declarations come from `tsc -p tsconfig.sdk.json`, see `npm run build:sdk`).
const sdk = process.argv.includes('--sdk');

/** @type {import('esbuild').BuildOptions} */
const base = {
	bundle: true,
	platform: 'node',
	format: 'cjs',
	// VS Code 1.109 runs extensions on Node 22; the bridge may run on any Node >= 20 (or VS Code's own runtime).
	target: 'node20',
	mainFields: ['module', 'main'], // jsonc-parser's UMD `main` requires ./impl/* at run time, which a bundle lacks
	sourcemap: !production,
	sourcesContent: false,
	minify: production,
	logLevel: 'warning',
	legalComments: 'none',
};

/** @type {import('esbuild').BuildOptions} */
const extensionOptions = {
	...base,
	entryPoints: { extension: 'src/extension.ts' },
	outdir: 'dist',
	external: ['vscode'],
};

/**
 * The bridge starts once per hook event, so its main bundle holds only what every event needs; the shell
 * grammar is a separate bundle the bridge `require`s only for shell tools, and a hook call that names its window
 * first runs the small bundle that asks it (see src/bridge/bootstrap.ts).
 * @type {import('esbuild').BuildOptions}
 */
const bridgeOptions = {
	...base,
	entryPoints: {
		bridge: 'src/bridge/bootstrap.ts',
		'bridge-window': 'src/bridge/windowFirst.ts',
		'bridge-main': 'src/bridge/main.ts',
		'bridge-shell': 'src/node/shell/shellGrammars.ts',
		'bridge-regex': 'src/node/regex/re2Bundle.ts',
		// OpenTelemetry: loaded only when decisions are exported (see docs/decisions/otel-export.md).
		'otel-export': 'src/node/telemetry/otelExportBundle.ts',
	},
	outdir: 'dist',
	plugins: [regexEngineApart()],
	banner: { js: '#!/usr/bin/env node' },
	// The bridge is never debugged through a bundle map in production, and a map is read at startup when present.
	sourcemap: false,
};

/**
 * The bridge bundles require `re2js` from `dist/bridge-regex.js` next to them instead of inlining it: about 160 KB
 * that a hook call reads only when its policy holds a regex rule.
 * @returns {import('esbuild').Plugin}
 */
function regexEngineApart() {
	return {
		name: 'regex-engine-apart',
		setup(build) {
			build.onResolve({ filter: /^re2js$/ }, (args) =>
				args.importer.endsWith('re2Bundle.ts')
					? undefined
					: { path: './bridge-regex.js', external: true },
			);
		},
	};
}

/**
 * `hookwarden/sdk`: the provider layer as one ES module for hosts outside VS Code. It is not part of the extension,
 * so it has its own flag and never lands in the .vsix.
 * @type {import('esbuild').BuildOptions}
 */
const sdkOptions = {
	...base,
	entryPoints: { index: 'src/sdk/index.ts' },
	outdir: 'dist/sdk',
	outExtension: { '.js': '.mjs' },
	format: 'esm',
	// A library is read by people debugging their own host: keep names and a map.
	minify: false,
	sourcemap: true,
	external: ['vscode'],
};

/** @type {import('esbuild').Plugin} */
const problemMatcher = {
	name: 'esbuild-problem-matcher',
	setup(build) {
		build.onStart(() => console.log('[watch] build started'));
		build.onEnd((result) => {
			for (const { text, location } of result.errors) {
				console.error(`✘ [ERROR] ${text}`);
				if (location) {
					console.error(`    ${location.file}:${location.line}:${location.column}:`);
				}
			}
			console.log('[watch] build finished');
		});
	},
};

const configs = sdk ? [sdkOptions] : [extensionOptions, bridgeOptions];

/**
 * `dist/bridge-shell.js` loads the tree-sitter runtime and the bash and PowerShell grammars from files next to it,
 * so they ship in `dist/` rather than being inlined (base64 would cost load time in every shell event).
 */
const SHELL_WASM = [
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter.wasm',
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-bash.wasm',
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-powershell.wasm',
];
fs.mkdirSync('dist', { recursive: true });
for (const file of sdk ? [] : SHELL_WASM) {
	fs.copyFileSync(file, `dist/${file.split('/').at(-1)}`);
}

if (watch) {
	for (const options of configs) {
		const context = await esbuild.context({
			...options,
			plugins: [...(options.plugins ?? []), problemMatcher],
		});
		await context.watch();
	}
} else {
	await Promise.all(configs.map((options) => esbuild.build(options)));
}
