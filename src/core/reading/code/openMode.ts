import type { FileOp } from './codeAction';
import type { CodeReading, CallSite } from './codeReading';
import { emitFile, emitSend } from './apiHandlers';
import { pattern } from './codeValue';
import type { Candidates, SymbolicValue } from './symbolicValue';
import { textsOf } from './symbolicValue';

/**
 * What opening a file with a C-style mode does (`'r'`, `'w'`, `'a+'`, Node's `'wx'`, PHP's `'c'` and `'e'`, Ruby's
 * `'w:UTF-8'`); no mode reads. A mode the snippet does not fix, or a numeric flag set, may read and write.
 */
function opsOfMode(modes: Candidates | undefined): FileOp[] {
	if (modes === undefined) {
		return ['read'];
	}
	const ops = new Set<FileOp>();
	for (const mode of textsOf(modes)) {
		const letters = mode.kind === 'literal' ? mode.text.replace(/:.*$/, '') : '';
		if (!/^[rwaxc][bt+sxe]*$/.test(letters)) {
			ops.add('read').add('write');
			continue;
		}
		const first = letters.charAt(0);
		ops.add(first === 'r' ? 'read' : first === 'a' ? 'append' : 'write');
		if (letters.includes('+')) {
			ops.add(first === 'r' ? 'write' : 'read');
		}
	}
	return [...ops];
}

/** Whether a path is a URL a file call would fetch (PHP's and Ruby's `open('https://…')`). */
function isUrl(path: string): boolean {
	return /^(?:https?|ftps?|wss?):\/\//i.test(path);
}

/**
 * Reports opening `paths` with `modes` (reads, writes or appends; a URL is a send) and returns the open file, which
 * carries the path for calls on it.
 */
export function emitOpen(
	reading: CodeReading,
	site: CallSite,
	paths: Candidates,
	modes: Candidates | undefined,
	type = 'file',
): Candidates {
	const urls = paths.filter((path) => textsOf([path]).some((value) => isUrl(pattern(value))));
	const files = paths.filter((path) => !urls.includes(path));
	if (urls.length > 0) {
		emitSend(reading, site, urls);
	}
	if (files.length > 0) {
		for (const op of opsOfMode(modes)) {
			emitFile(reading, site, op, files);
		}
	}
	return paths.map((path): SymbolicValue => {
		const value = textsOf([path])[0];
		return value ? { kind: 'instance', type, path: value } : { kind: 'instance', type };
	});
}
