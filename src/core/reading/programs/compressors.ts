/*
 * Compressors and decompressors write beside what they are given: `gunzip x.json.gz` writes `x.json` (over an
 * existing one with `-f`) and removes `x.json.gz`; `gzip x` writes `x.gz` and removes `x`. Read only as readers, a
 * decompressed file landing on Hookwarden's own settings went unseen.
 */
import type { Effect } from '../../terms/effect';
import { given, parseOptions } from './optionGrammar';
import type { ProgramCall, ProgramModel } from './programModel';

/** The suffix each family writes or takes off. */
const SUFFIXES: Readonly<Record<string, string>> = {
	gzip: '.gz',
	pigz: '.gz',
	bzip2: '.bz2',
	xz: '.xz',
	lzma: '.lzma',
	zstd: '.zst',
	lz4: '.lz4',
	compress: '.Z',
};

/** Names that decompress by default, with the family whose suffix they take off. */
const DECOMPRESSORS: Readonly<Record<string, string>> = {
	gunzip: 'gzip',
	unpigz: 'pigz',
	bunzip2: 'bzip2',
	unxz: 'xz',
	unlzma: 'lzma',
	unzstd: 'zstd',
	unlz4: 'lz4',
	uncompress: 'compress',
};

/** Every program {@link compressedFiles} reads. */
export const COMPRESSOR_PROGRAMS: readonly string[] = [
	...Object.keys(SUFFIXES),
	...Object.keys(DECOMPRESSORS),
];

const GRAMMAR = {
	shortValues: 'SToD',
	longValues: ['suffix', 'threads', 'format', 'output-dir-flat'],
};

/** The file written for one operand: the suffix taken off when decompressing, added when compressing. */
function written(path: string, suffix: string, decompressing: boolean): string | undefined {
	if (!decompressing) {
		return `${path}${suffix}`;
	}
	return path.endsWith(suffix) ? path.slice(0, -suffix.length) : undefined;
}

function effectsFor(call: ProgramCall, path: string, output: string, keep: boolean): Effect[] {
	return [
		call.effect({ kind: 'write', path: output, action: 'writes, from what it unpacks or packs,' }),
		...(keep
			? []
			: [call.effect({ kind: 'delete', path, action: 'removes, once packed or unpacked,' })]),
	];
}

/**
 * What a compressor or decompressor writes and removes beside each operand; nothing when it writes to stdout (`-c`),
 * only tests or lists (`-t`, `-l`).
 */
export const compressedFiles: ProgramModel = (call) => {
	const family = DECOMPRESSORS[call.name] ?? call.name;
	const suffix = SUFFIXES[family];
	const parsed = parseOptions(call.args, GRAMMAR);
	if (suffix === undefined || given(parsed, 'c', 'stdout', 'to-stdout', 't', 'test', 'l', 'list')) {
		return [];
	}
	const decompressing =
		DECOMPRESSORS[call.name] !== undefined || given(parsed, 'd', 'decompress', 'uncompress');
	const keep = given(parsed, 'k', 'keep');
	return parsed.operands.flatMap((path) => {
		const output = written(path, suffix, decompressing);
		return output === undefined ? [] : effectsFor(call, path, output, keep);
	});
};
