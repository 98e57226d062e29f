import type { CodeValue } from './codeAction';
import type { CodeSyntaxNode } from './codeParser';
import { literal, unknown, valueKey } from './codeValue';

/**
 * What an expression stands for while a snippet is read:
 * - `text`: a string (fixed or not); `runTime` when its text holds a shell-style placeholder (`$HOME`) that stands for a
 *   value known only at run time, which is right in a path but never as a name;
 * - `constant`: a boolean, number or null (`shell=True`, a mode, a port);
 * - `api`: a module, class, function or method of a library the tables know, by canonical name (`os.path.join`),
 *   with the object it was reached through for a method (`Path('x')` for `Path('x').unlink`);
 * - `instance`: an object of a known class (`pathlib.Path`, an open file, a socket), with the path or URL it holds;
 * - `list` and `map`: literals whose items are known (`['rm', '-rf']`, `{shell: true}`); `open` when some are not;
 * - `function`: a function the snippet defines, by its node;
 * - `dynamic`: a reference computed at run time that may be any API (`getattr(os, name)`); calling it is unknown;
 * - `opaque`: a value the reader does not model (a parameter, the result of an unknown call).
 */
export type SymbolicValue =
	| { readonly kind: 'text'; readonly value: CodeValue; readonly runTime?: boolean }
	| { readonly kind: 'constant'; readonly value: boolean | number | null }
	| { readonly kind: 'api'; readonly name: string; readonly receiver?: SymbolicValue }
	| { readonly kind: 'instance'; readonly type: string; readonly path?: CodeValue }
	| { readonly kind: 'list'; readonly items: readonly Candidates[]; readonly open?: boolean }
	| {
			readonly kind: 'map';
			readonly entries: ReadonlyMap<string, Candidates>;
			readonly open?: boolean;
	  }
	| { readonly kind: 'function'; readonly node: CodeSyntaxNode }
	| { readonly kind: 'dynamic'; readonly why: string }
	| { readonly kind: 'opaque'; readonly why: string };

/** Every value an expression may have: one per assignment that can reach it, so branches and loops stay sound. */
export type Candidates = readonly SymbolicValue[];

/** Most values one expression keeps; past it, one opaque value stands for the rest. */
export const MAX_CANDIDATES = 16;

/** A string value. */
export function text(value: CodeValue | string): SymbolicValue {
	return { kind: 'text', value: typeof value === 'string' ? literal(value) : value };
}

/** An API reached by name. */
export function api(name: string, receiver?: SymbolicValue): SymbolicValue {
	return receiver === undefined ? { kind: 'api', name } : { kind: 'api', name, receiver };
}

/**
 * The string a value fixes, for use as a name (a module, a member, a function): `undefined` when it is not a string,
 * not fixed, or fixed only as a placeholder such as `$HOME`.
 */
export function fixedText(value: SymbolicValue): string | undefined {
	return value.kind === 'text' && value.value.kind === 'literal' && !value.runTime
		? value.value.text
		: undefined;
}

/** A value the reader does not model, and why. */
export function opaque(why: string): SymbolicValue {
	return { kind: 'opaque', why };
}

/** The candidates of several expressions together, without duplicates, capped at {@link MAX_CANDIDATES}. */
export function union(...groups: readonly Candidates[]): Candidates {
	const seen = new Map<string, SymbolicValue>();
	for (const value of groups.flat()) {
		const key = symbolicKey(value);
		if (!seen.has(key)) {
			seen.set(key, value);
		}
	}
	const values = [...seen.values()];
	return values.length <= MAX_CANDIDATES
		? values
		: [
				...values.slice(0, MAX_CANDIDATES - 1),
				opaque('the code can take more values here than are read'),
			];
}

/** The value as a string: its text, the path an object holds, or unknown with why. */
export function asText(value: SymbolicValue): CodeValue {
	switch (value.kind) {
		case 'text':
			return value.value;
		case 'constant':
			return literal(String(value.value));
		case 'instance':
			return value.path ?? unknown(`a ${value.type} object`);
		case 'opaque':
		case 'dynamic':
			return unknown(value.why);
		case 'api':
			return unknown(`the ${value.name} object`);
		default:
			return unknown(`a ${value.kind}`);
	}
}

/** Every string the candidates may be, without duplicates (none for no candidates: an argument not passed). */
export function textsOf(values: Candidates): CodeValue[] {
	const seen = new Map<string, CodeValue>();
	for (const value of values) {
		const text = asText(value);
		seen.set(valueKey(text), text);
	}
	return [...seen.values()];
}

/** Whether a value may be true when used as a condition (an unknown value may). */
export function mayBeTrue(values: Candidates): boolean {
	return values.some(
		(value) =>
			!(
				(value.kind === 'constant' && !value.value) ||
				(value.kind === 'text' && value.value.kind === 'literal' && value.value.text === '')
			),
	);
}

function symbolicKey(value: SymbolicValue): string {
	switch (value.kind) {
		case 'text':
			return `t${valueKey(value.value)}`;
		case 'function':
			return `f${value.node.startIndex}`;
		case 'api':
			return `a${value.name}${value.receiver ? `(${symbolicKey(value.receiver)})` : ''}`;
		case 'instance':
			return `i${value.type}${value.path ? valueKey(value.path) : ''}`;
		case 'list':
			return `l${value.open ? '+' : ''}[${value.items.map((item) => item.map(symbolicKey).join('|')).join(',')}]`;
		case 'map':
			return `m${value.open ? '+' : ''}{${[...value.entries].map(([key, item]) => `${key}:${item.map(symbolicKey).join('|')}`).join(',')}}`;
		default:
			return `${value.kind[0] ?? ''}${JSON.stringify(value)}`;
	}
}
