import type { CodeValue } from './codeAction';
import { concatenated, joinedPath, literal, parentPath, unknown } from './codeValue';
import type { Candidates, SymbolicValue } from './symbolicValue';
import { asText, opaque, text, textsOf, union } from './symbolicValue';

// Operations on candidate values that every language's `+`, interpolation and path helpers share.

/** `left + right` on strings (and lists), for every pair of candidates. */
export function concatenate(left: Candidates, right: Candidates): Candidates {
	return union(
		...left.map((a) =>
			right.map((b): SymbolicValue => {
				if (a.kind === 'list' && b.kind === 'list') {
					return { kind: 'list', items: [...a.items, ...b.items], open: a.open ?? b.open };
				}
				const joined = concatenated(asText(a), asText(b));
				return isRunTime(a) || isRunTime(b)
					? { kind: 'text', value: joined, runTime: true }
					: text(joined);
			}),
		),
	);
}

function isRunTime(value: SymbolicValue): boolean {
	return value.kind === 'text' && value.runTime === true;
}

/** Parts one after the other (an f-string, a template literal, an interpolated string). */
export function concatenateAll(parts: readonly Candidates[]): Candidates {
	return parts.reduce<Candidates>((result, part) => concatenate(result, part), [text('')]);
}

/** Path parts joined as `os.path.join`, `path.join` and `File.join` do. */
export function joinPaths(parts: readonly Candidates[]): Candidates {
	return parts
		.map((part) => textsOf(part))
		.reduce<CodeValue[]>(
			(results, values) =>
				results.flatMap((result) => values.map((value) => joinedPath([result, value]))),
			[literal('')],
		)
		.slice(0, 16)
		.map((value) => text(value));
}

/** A path's folder, for every candidate. */
export function parentsOf(values: Candidates): Candidates {
	return textsOf(values).map((value) => text(parentPath(value)));
}

/** A string the call computes from its input in a way the reader does not follow, keeping the input as the hint. */
export function transformed(values: Candidates, why: string): Candidates {
	return textsOf(values).map((value) =>
		text(value.kind === 'literal' ? unknown(why, `${value.text}*`) : value),
	);
}

/** Text changed by a function the reader can apply to fixed strings (`strip`, `lower`, `replace`). */
export function mapText(values: Candidates, change: (input: string) => string): Candidates {
	return textsOf(values).map((value) =>
		text(value.kind === 'literal' ? literal(change(value.text)) : value),
	);
}

/** The `host:port` a socket address (a `(host, port)` tuple, or a string) names. */
export function addressOf(values: Candidates): Candidates {
	return union(
		...values.map((value): Candidates => {
			if (value.kind === 'list') {
				const [host, port] = value.items;
				return host
					? port
						? concatenate(concatenate(host, [text(':')]), port)
						: host
					: [opaque('a socket address')];
			}
			return [value];
		}),
	);
}

/** The items of a list joined with a separator (`' '.join(words)`), unknown where an item is. */
export function joinItems(separators: Candidates, lists: Candidates): Candidates {
	return union(
		...lists.map((list): Candidates => {
			if (list.kind !== 'list' || list.open) {
				return [text(unknown('a string joined from values the code computes'))];
			}
			return union(
				...separators.map((separator) =>
					list.items.reduce<Candidates>(
						(joined, item, index) =>
							index === 0 ? item : concatenate(concatenate(joined, [separator]), item),
						[text('')],
					),
				),
			);
		}),
	);
}

/** What a loop over the values gives each time round: a list's items, a map's keys. */
export function elementsOf(values: Candidates): Candidates {
	return union(
		...values.map((value): Candidates => {
			switch (value.kind) {
				case 'list':
					return union(
						...value.items,
						value.open || value.items.length === 0 ? [opaque('a list item')] : [],
					);
				case 'map':
					return [...value.entries.keys()].map((key) => text(key));
				case 'dynamic':
					return [value];
				default:
					return [opaque('an item of a value the reader does not model')];
			}
		}),
	);
}

/** What PHP's `foreach ($items as $value)` gives each time round: a list's items, a map's values. */
export function valuesOf(values: Candidates): Candidates {
	return union(
		...values.map((value): Candidates => {
			if (value.kind === 'map') {
				return union(...value.entries.values(), value.open ? [opaque('a map value')] : []);
			}
			return value.kind === 'list'
				? elementsOf([value])
				: [opaque('an item of a value the reader does not model')];
		}),
	);
}

/** The item at a position of a list value (`a, b = 'x', 'y'`), for unpacking. */
export function itemAt(position: number): (values: Candidates) => Candidates {
	return (values) =>
		union(
			...values.map((value) =>
				value.kind === 'list' && !value.open
					? (value.items[position] ?? [opaque('a missing item')])
					: [opaque('an item unpacked from a value')],
			),
		);
}

/**
 * `'rm -rf x'.split()` and relatives: the pieces of each fixed string. Without a separator, Python and Ruby split on
 * runs of whitespace (`onWhitespace`) and JavaScript keeps the whole string.
 */
export function splitText(
	values: Candidates,
	separators: Candidates | undefined,
	onWhitespace: boolean,
): Candidates {
	const given = separators ? textsOf(separators) : [];
	const separator = given.length === 1 ? given[0] : undefined;
	return textsOf(values).map((value): SymbolicValue => {
		if (value.kind !== 'literal' || (separators && separator?.kind !== 'literal')) {
			return { kind: 'list', items: [], open: true };
		}
		const pieces =
			separator?.kind === 'literal'
				? value.text.split(separator.text)
				: onWhitespace
					? value.text.split(/\s+/).filter((piece) => piece !== '')
					: [value.text];
		return { kind: 'list', items: pieces.map((piece) => [text(piece)]) };
	});
}

/**
 * `shlex.split(line)`, `Shellwords.split(line)`: the words a POSIX shell would make of a fixed line (quotes and
 * backslashes, no expansions); unknown for a line the reader does not fix or cannot split (an unclosed quote).
 */
export function shellWords(values: Candidates): Candidates {
	return textsOf(values).map((value): SymbolicValue => {
		const words = value.kind === 'literal' ? splitWords(value.text) : undefined;
		return words
			? { kind: 'list', items: words.map((word) => [text(word)]) }
			: { kind: 'list', items: [], open: true };
	});
}

function splitWords(line: string): string[] | undefined {
	const words: string[] = [];
	let word: string | undefined;
	let quote: string | undefined;
	for (let index = 0; index < line.length; index++) {
		const char = line.charAt(index);
		if (quote === "'") {
			quote = char === "'" ? undefined : quote;
			word = char === "'" ? (word ?? '') : `${word ?? ''}${char}`;
		} else if (char === '\\' && index + 1 < line.length && quote !== "'") {
			word = `${word ?? ''}${line.charAt(++index)}`;
		} else if (quote === '"') {
			quote = char === '"' ? undefined : quote;
			word = char === '"' ? (word ?? '') : `${word ?? ''}${char}`;
		} else if (char === "'" || char === '"') {
			quote = char;
			word ??= '';
		} else if (/\s/.test(char)) {
			if (word !== undefined) {
				words.push(word);
			}
			word = undefined;
		} else {
			word = `${word ?? ''}${char}`;
		}
	}
	if (quote !== undefined) {
		return undefined;
	}
	return word === undefined ? words : [...words, word];
}
