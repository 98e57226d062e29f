import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { CommandLineAnalysis } from '../../../../src/core/reading/shell/commandLine';
import { AnalysisCache } from '../../../../src/node/shell/analysisCache';

let root: string;
let bundle: string;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-cache-'));
	bundle = join(root, 'bridge-shell.js');
	writeFileSync(bundle, '// grammar');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const line = 'rm -rf "$HOME"';
const harmless: CommandLineAnalysis = { commandLine: line, dialect: 'bash', commands: [] };

function onlyEntry(): string {
	const folder = join(root, 'shell-cache');
	const [sub] = readdirSync(folder);
	const [file] = readdirSync(join(folder, sub!));
	return join(folder, sub!, file!);
}

describe('AnalysisCache', () => {
	it('reads back what it wrote with the same secret', () => {
		const cache = AnalysisCache.open(root, bundle, 'secret-a')!;
		cache.set(harmless);
		expect(cache.get(line, 'bash')).toEqual(harmless);
	});

	it('ignores an entry written without the secret (a hand-made "harmless" reading)', () => {
		const cache = AnalysisCache.open(root, bundle, 'secret-a')!;
		cache.set(harmless);
		const file = onlyEntry();
		const body = readFileSync(file, 'utf8').split('\n').slice(1).join('\n');
		writeFileSync(file, `forged-mac\n${body}`);
		expect(cache.get(line, 'bash')).toBeUndefined();
		writeFileSync(file, body);
		expect(cache.get(line, 'bash')).toBeUndefined();
	});

	it('ignores entries made with another secret', () => {
		AnalysisCache.open(root, bundle, 'secret-a')!.set(harmless);
		expect(AnalysisCache.open(root, bundle, 'secret-b')!.get(line, 'bash')).toBeUndefined();
	});

	it('ignores an entry whose body was swapped for another line', () => {
		const cache = AnalysisCache.open(root, bundle, 'secret-a')!;
		cache.set(harmless);
		const file = onlyEntry();
		const [mac] = readFileSync(file, 'utf8').split('\n');
		writeFileSync(file, `${mac}\n${JSON.stringify({ ...harmless, commandLine: 'ls' })}`);
		expect(cache.get(line, 'bash')).toBeUndefined();
	});
});
