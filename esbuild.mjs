// @ts-check
import * as fs from 'node:fs';

import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// `--sdk` builds only the npm package `hookwarden` (packages/sdk): `hookwarden/sdk`, its declarations and grammars.
const sdk = process.argv.includes('--sdk');

// A bundle loaded through the code cache (src/node/cachedBundle.ts) is one CommonJS function expression. Its body
// starts with the strict-mode directive esbuild would otherwise put first, then keeps CommonJS's `require` under a
// name the wasm runtime's own `require` cannot hide (see nodeModulesRequiredInWasmRuntime).
const CACHED_BUNDLE_HEAD =
	'(function (exports, require, module, __filename, __dirname) {"use strict";var __hookwardenRequire = require;';
const CACHED_BUNDLE_TAIL = '\n})';

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
 * grammar is a separate bundle the bridge `require`s only for shell tools, the interpreter-code readers another one
 * it `require`s only for a line that carries code, the SQL parser a third only for a call that carries a statement
 * that may lose data, and a hook call that names its window first runs the small bundle
 * that asks it (see src/bridge/bootstrap.ts).
 * @type {import('esbuild').BuildOptions}
 */
const bridgeOptions = {
	...base,
	entryPoints: {
		bridge: 'src/bridge/bootstrap.ts',
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
 * The bundles loaded through V8's code cache (src/node/cachedBundle.ts) are written as one function expression
 * taking CommonJS's five arguments, so a load reads one string and compiles it as it is: wrapping the text after
 * reading it made two more copies of a few hundred kilobytes, and that garbage cost every hook event a scavenge.
 * @type {import('esbuild').BuildOptions}
 */
const cachedBundleOptions = {
	...bridgeOptions,
	entryPoints: {
		'bridge-window': 'src/bridge/windowFirst.ts',
		'bridge-main': 'src/bridge/main.ts',
		'bridge-shell': 'src/node/shell/grammarBundle.ts',
		'bridge-code': 'src/node/shell/codeReader.ts',
		'bridge-snapshots': 'src/node/snapshots/snapshotBundle.ts',
		// The SQL parser: loaded only for a call that carries a statement that may lose data.
		'bridge-sql': 'src/node/sql/sqlParser.ts',
	},
	banner: { js: CACHED_BUNDLE_HEAD },
	footer: { js: CACHED_BUNDLE_TAIL },
	plugins: [...bridgeOptions.plugins, nodeModulesRequiredInWasmRuntime()],
};

/**
 * The tree-sitter wasm runtime loads Node's own `module` and `fs/promises` with `import()`, which a script compiled by
 * node:vm cannot do in Node 20 without an experimental flag, and it declares a `require` of its own in the same
 * function, so esbuild cannot turn those imports into `require` calls. They become calls of the bundle's CommonJS
 * `require`, saved under another name before the runtime's code runs (see CACHED_BUNDLE_HEAD).
 * @returns {import('esbuild').Plugin}
 */
function nodeModulesRequiredInWasmRuntime() {
	return {
		name: 'node-modules-required-in-wasm-runtime',
		setup(build) {
			build.onLoad(
				{ filter: /@vscode[\\/]tree-sitter-wasm[\\/]wasm[\\/]tree-sitter\.js$/ },
				(args) => {
					const source = fs.readFileSync(args.path, 'utf8');
					const imports = /\bimport\(("(?:module|fs\/promises)")\)/g;
					if ((source.match(imports) ?? []).length !== 2) {
						throw new Error(
							`${args.path}: expected two import() of Node modules; the runtime changed`,
						);
					}
					return {
						contents: source.replace(imports, 'Promise.resolve(__hookwardenRequire($1))'),
						loader: 'js',
					};
				},
			);
		},
	};
}

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

/** Where the npm package `hookwarden` is built: its `./sdk` export, declarations and grammars go in `dist/`. */
const SDK_PACKAGE = 'packages/sdk';

/**
 * `hookwarden/sdk`: the provider layer as one ES module for hosts outside VS Code, built from `src/sdkNode` (the pure
 * SDK plus the bridge's shell reader). It is not part of the extension and never lands in the .vsix. The banner gives
 * the bundled CommonJS code (the tree-sitter runtime, the grammar loader) the `require` and `__dirname` an ES module
 * lacks, so the grammars are found next to the bundle.
 * @type {import('esbuild').BuildOptions}
 */
const sdkOptions = {
	...base,
	entryPoints: { sdk: 'src/sdkNode/index.ts' },
	outdir: `${SDK_PACKAGE}/dist`,
	outExtension: { '.js': '.mjs' },
	format: 'esm',
	// A library is read by people debugging their own host: keep names.
	minify: false,
	sourcemap: false,
	external: ['vscode'],
	banner: {
		js: [
			"import { createRequire as __hookwardenRequire } from 'node:module';",
			"import { fileURLToPath as __hookwardenPath } from 'node:url';",
			'const require = __hookwardenRequire(import.meta.url);',
			'const __filename = __hookwardenPath(import.meta.url);',
			"const __dirname = __hookwardenPath(new URL('.', import.meta.url));",
		].join('\n'),
	},
};

/**
 * The package's declarations as one `.d.ts` (a tree of them would need `.js` extensions on every relative import to
 * resolve in an ES module package); see docs/decisions/sdk-package.md.
 */
async function writeSdkDeclarations() {
	const { generateDtsBundle } = await import('dts-bundle-generator');
	const [text] = generateDtsBundle(
		[
			{
				filePath: 'src/sdkNode/index.ts',
				output: { noBanner: true, exportReferencedTypes: false },
			},
		],
		{ preferredConfigPath: 'tsconfig.sdk.json' },
	);
	fs.writeFileSync(`${SDK_PACKAGE}/dist/sdk.d.ts`, text ?? '');
}

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

const configs = sdk
	? [sdkOptions]
	: [extensionOptions, bridgeOptions, cachedBundleOptions, sdkOptions];

/**
 * `dist/bridge-shell.js` loads the tree-sitter runtime, the bash and PowerShell grammars and the grammars of the
 * interpreter code it reads (Python, JavaScript, Ruby, PHP) from files next to it, so they ship in `dist/` rather than
 * being inlined (base64 would cost load time in every shell event); each is read only when a line needs it.
 */
const SHELL_WASM = [
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter.wasm',
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-bash.wasm',
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-powershell.wasm',
];
const CODE_WASM = [
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm',
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm',
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-ruby.wasm',
	'node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-php.wasm',
];
for (const folder of sdk ? [`${SDK_PACKAGE}/dist`] : ['dist', `${SDK_PACKAGE}/dist`]) {
	fs.mkdirSync(folder, { recursive: true });
	// Code caches that builds before issue 33 left beside the bundles: the bridge now keeps signed ones in the runtime
	// folder (src/node/codeCacheStore.ts) and never reads these.
	for (const stale of fs.readdirSync(folder).filter((name) => name.endsWith('.cache'))) {
		fs.rmSync(`${folder}/${stale}`, { force: true });
	}
	// The SDK package parses interpreter code in its own bundle, so it decides every line as the bridge does.
	for (const file of [...SHELL_WASM, ...CODE_WASM]) {
		fs.copyFileSync(file, `${folder}/${file.split('/').at(-1)}`);
	}
}
fs.copyFileSync('LICENSE', `${SDK_PACKAGE}/LICENSE`);
// The bridge's own package.json pins its bundles to CommonJS, whatever a package.json above a copy of them says
// (see src/node/installer/bridgeFiles.ts).
if (!sdk) {
	fs.copyFileSync('src/bridge/package.json', 'dist/package.json');
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
	// Type declarations take seconds: built for a release or the package itself, not for every development build.
	if (production || sdk) {
		await writeSdkDeclarations();
	}
}
