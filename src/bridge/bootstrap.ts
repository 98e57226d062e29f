/*
 * The bridge's entry point (dist/bridge.js): runs dist/bridge-main.js through V8's code cache. Every hook event starts
 * a new process, and compiling the main bundle from scratch is one of the larger costs of that start; the cache is
 * written next to the bundle after the first run (it is trusted exactly as much as the bundle beside it) and V8
 * rejects it by itself after an update or on another Node version, in which case it is written again.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

const mainFile = join(__dirname, 'bridge-main.js');
const cacheFile = `${mainFile}.${process.version}-${process.arch}.cache`;

function readCache(): Buffer | undefined {
	try {
		return readFileSync(cacheFile);
	} catch {
		return undefined;
	}
}

function writeCache(script: Script): void {
	try {
		const temporary = `${cacheFile}.${process.pid}`;
		writeFileSync(temporary, script.createCachedData());
		renameSync(temporary, cacheFile);
	} catch {
		// A read-only install only costs the next process a full compile.
	}
}

const cachedData = readCache();
// The shebang esbuild puts on every bridge bundle is only valid at the very start of a file.
const source = readFileSync(mainFile, 'utf8').replace(/^#!.*/, '');
const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
const script = new Script(wrapped, { filename: mainFile, ...(cachedData && { cachedData }) });
if (!cachedData || script.cachedDataRejected) {
	// At exit the functions this run compiled are in the cache too, not only the top level.
	process.once('exit', () => writeCache(script));
}
const mainModule = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void)(
	mainModule.exports,
	createRequire(mainFile),
	mainModule,
	mainFile,
	__dirname,
);
