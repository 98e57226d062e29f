import { unknown } from '../codeValue';
import { concatenateAll } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { text } from '../symbolicValue';

const PERCENT = /%(?:\([^)]*\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[sdrifeEgGxXoca%]/g;
const BRACES = /\{\{|\}\}|\{([^{}]*)\}/g;

/** `'%s/.ssh' % home`: the template with each placeholder replaced by its argument. */
export function formatPercent(
	template: SymbolicValue & { kind: 'text' },
	right: Candidates,
): Candidates {
	const only = right.length === 1 ? right[0] : undefined;
	const items = only?.kind === 'list' && !only.open ? only.items : [right];
	let next = 0;
	return formatted(template, PERCENT, (placeholder) =>
		placeholder === '%%' ? [text('%')] : (items[next++] ?? [text(unknown('a missing argument'))]),
	);
}

/** `'{}/.ssh'.format(home)`: the template with each field replaced by its argument. */
export function formatBraces(
	template: SymbolicValue & { kind: 'text' },
	args: readonly Candidates[],
	keywords: ReadonlyMap<string, Candidates>,
): Candidates {
	let next = 0;
	return formatted(template, BRACES, (placeholder, field) => {
		if (placeholder === '{{' || placeholder === '}}') {
			return [text(placeholder.charAt(0))];
		}
		const name = (field ?? '').split(/[!:]/)[0] ?? '';
		const value =
			name === '' ? args[next++] : /^\d+$/.test(name) ? args[Number(name)] : keywords.get(name);
		return value ?? [text(unknown('a format field the reader does not follow'))];
	});
}

function formatted(
	template: SymbolicValue & { kind: 'text' },
	placeholders: RegExp,
	replace: (placeholder: string, field: string | undefined) => Candidates,
): Candidates {
	if (template.value.kind !== 'literal') {
		return [text(unknown(template.value.why, `${template.value.hint ?? ''}*`))];
	}
	const source = template.value.text;
	const parts: Candidates[] = [];
	let last = 0;
	for (const match of source.matchAll(placeholders)) {
		parts.push([text(source.slice(last, match.index))], replace(match[0], match[1]));
		last = (match.index ?? 0) + match[0].length;
	}
	parts.push([text(source.slice(last))]);
	return concatenateAll(parts);
}
