// @ts-check
/**
 * Compiles the real-VS-Code tier's TypeScript to CommonJS under out/e2e/ with esbuild (Node 20 cannot run .ts,
 * and the extension host `require`s plain .js). Each entry is bundled with its relative imports (support modules,
 * src/ code); packages (`vscode`, `mocha`, `playwright-core`, ...) stay external and resolve from the repository's
 * node_modules, which is why output always lands inside the repository.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const SUPPORT_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(SUPPORT_DIR, '..', '..', '..');

/** @type {esbuild.BuildOptions} */
const common = {
	bundle: true,
	platform: 'node',
	format: 'cjs',
	target: 'node20',
	packages: 'external',
	sourcemap: 'inline',
	sourcesContent: false,
	logLevel: 'warning',
	legalComments: 'none',
};

/**
 * Compiles `entryPoints` (absolute .ts/.js paths) into `outdir`, keeping their layout relative to `outbase`.
 * @param {{ entryPoints: string[], outdir: string, outbase: string }} options
 * @returns {Promise<string[]>} the output .js files, in entry order
 */
export async function compileEntries({ entryPoints, outdir, outbase }) {
	if (entryPoints.length === 0) {
		return [];
	}
	await esbuild.build({ ...common, entryPoints, outdir, outbase });
	return entryPoints.map((entry) =>
		path.join(outdir, path.relative(outbase, entry)).replace(/\.(m|c)?[tj]s$/, '.js'),
	);
}

/**
 * Files under `dir` (recursive) whose name ends with `suffix`, skipping node_modules and dot-folders.
 * @param {string} dir
 * @param {string} suffix
 * @param {(relative: string) => boolean} [keep]
 * @returns {string[]}
 */
export function findFiles(dir, suffix, keep = () => true) {
	if (!fs.existsSync(dir)) {
		return [];
	}
	/** @type {string[]} */
	const out = [];
	for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
		const full = path.join(entry.parentPath, entry.name);
		const relative = path.relative(dir, full);
		if (!entry.isFile() || !entry.name.endsWith(suffix)) {
			continue;
		}
		if (relative.split(path.sep).some((part) => part === 'node_modules' || part.startsWith('.'))) {
			continue;
		}
		if (keep(relative)) {
			out.push(full);
		}
	}
	return out.sort();
}

/**
 * One support module (e.g. `codeShimMain.ts`) with its imports as a CommonJS file for plain-JS callers such as
 * codeShim.mjs: built on demand (~50 ms), cached by content hash under out/e2e/bundles/, then `require`d.
 * @param {string} entry file name relative to this folder
 * @returns {Promise<unknown>} the module's exports
 */
export async function loadBundle(entry) {
	const result = await esbuild.build({
		...common,
		entryPoints: [path.join(SUPPORT_DIR, entry)],
		sourcemap: 'inline',
		write: false,
		outfile: 'bundle.cjs',
	});
	const text = result.outputFiles[0]?.text ?? '';
	const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
	const dir = path.join(REPO_ROOT, 'out', 'e2e', 'bundles');
	const name = path.basename(entry).replace(/\.[^.]+$/, '');
	const file = path.join(dir, `${name}-${hash}.cjs`);
	if (!fs.existsSync(file)) {
		fs.mkdirSync(dir, { recursive: true });
		// Older builds of the same entry: a running shim has already loaded its copy, so they can go.
		for (const old of fs.readdirSync(dir)) {
			if (old.startsWith(`${name}-`) && old.endsWith('.cjs')) {
				fs.rmSync(path.join(dir, old), { force: true });
			}
		}
		const tmp = `${file}.${process.pid}.tmp`;
		fs.writeFileSync(tmp, text);
		fs.renameSync(tmp, file); // atomic: concurrent shims never read half a file
	}
	process.setSourceMapsEnabled(true);
	/** @type {(id: string) => unknown} */
	const load = createRequire(import.meta.url);
	return load(file);
}
