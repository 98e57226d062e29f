import type { CodeValue } from './codeAction';

/** A string the snippet fixes. */
export function literal(text: string): CodeValue {
	return { kind: 'literal', text };
}

/**
 * A string the snippet does not fix; `hint` is its text with `*` for each part the reader could not fix (`~/.ssh/*`),
 * kept only when some of it is known.
 */
export function unknown(why: string, hint?: string): CodeValue {
	return hint !== undefined && /[^*]/.test(hint)
		? { kind: 'unknown', why, hint }
		: { kind: 'unknown', why };
}

/** The text a value stands for, with `*` for what is not known. */
export function pattern(value: CodeValue): string {
	return value.kind === 'literal' ? value.text : (value.hint ?? '*');
}

/** Two strings one after the other; unknown when either is, keeping what is known of both as the hint. */
export function concatenated(left: CodeValue, right: CodeValue): CodeValue {
	if (left.kind === 'literal' && right.kind === 'literal') {
		return literal(left.text + right.text);
	}
	const why = left.kind === 'unknown' ? left.why : right.kind === 'unknown' ? right.why : '';
	return unknown(why, (pattern(left) + pattern(right)).replace(/\*{2,}/g, '*'));
}

/** Path parts joined the way `os.path.join` and `path.join` do: an absolute part (or `~`) restarts the path. */
export function joinedPath(parts: readonly CodeValue[]): CodeValue {
	let result: CodeValue | undefined;
	for (const part of parts) {
		const text = pattern(part);
		if (
			result === undefined ||
			pattern(result) === '' ||
			(part.kind === 'literal' && /^[/~]/.test(text))
		) {
			result = part;
		} else if (text !== '') {
			const joint = pattern(result).endsWith('/') ? '' : '/';
			result = concatenated(concatenated(result, literal(joint)), part);
		}
	}
	return result ?? literal('');
}

/** The folder part of a path (`~/.ssh/id_rsa` → `~/.ssh`), as `os.path.dirname` and `path.dirname` give it. */
export function parentPath(path: CodeValue): CodeValue {
	const trimmed = pattern(path).replace(/(.)\/+$/, '$1');
	const slash = trimmed.lastIndexOf('/');
	const parent = slash < 0 ? '.' : slash === 0 ? '/' : trimmed.slice(0, slash);
	return path.kind === 'literal' ? literal(parent) : unknown(path.why, parent);
}

/** A key that tells equal values apart, for removing duplicate actions. */
export function valueKey(value: CodeValue): string {
	return value.kind === 'literal' ? `=${value.text}` : `?${value.hint ?? ''}`;
}
