/**
 * A bash line whose only defect is a quote or heredoc left open at its end, closed: bash waits for more input there
 * and runs nothing of the unfinished line, so reading it as if closed judges every command it could run, no fewer.
 * `undefined` when nothing was left open.
 */
export function closeOpenQuotes(text: string): string | undefined {
	let quote: '"' | "'" | '`' | undefined;
	for (let index = 0; index < text.length; index++) {
		const char = text.charAt(index);
		if (quote === "'") {
			quote = char === "'" ? undefined : quote;
			continue;
		}
		if (char === '\\') {
			index++;
			continue;
		}
		if (quote !== undefined) {
			quote = char === quote ? undefined : quote;
		} else if (char === '"' || char === "'" || char === '`') {
			quote = char;
		} else if (char === '#' && (index === 0 || /\s/.test(text.charAt(index - 1)))) {
			const end = text.indexOf('\n', index);
			index = end < 0 ? text.length : end;
		}
	}
	const closed = quote !== undefined ? text + quote : text;
	const delimiters = [...closed.matchAll(/<<-?\s*(['"]?)([\w.-]+)\1/g)].map(
		(match) => match[2] ?? '',
	);
	const missing = delimiters.filter(
		(delimiter) =>
			!new RegExp(`^\\s*${delimiter.replace(/[.]/g, '\\.')}\\s*$`, 'm').test(
				closed.slice(closed.indexOf(delimiter) + delimiter.length),
			),
	);
	const withHeredocs = missing.length > 0 ? `${closed}\n${missing.join('\n')}` : closed;
	return withHeredocs === text ? undefined : withHeredocs;
}

/**
 * A bash line with its line continuations (a backslash before a newline) removed outside single quotes, as bash
 * removes them before it splits words: `git re\<newline>set --hard` is `git reset --hard`.
 */
export function joinContinuedLines(text: string): string {
	if (!text.includes('\\\n')) {
		return text;
	}
	let out = '';
	let single = false;
	for (let index = 0; index < text.length; index++) {
		const char = text.charAt(index);
		if (char === "'") {
			single = !single;
		} else if (!single && char === '\\') {
			if (text.charAt(index + 1) === '\n') {
				index++;
				continue;
			}
			out += char + text.charAt(index + 1);
			index++;
			continue;
		}
		out += char;
	}
	return out;
}

/**
 * A line that opens a heredoc and goes on to close a subshell (`(cat <<'EOF')`, body, `EOF`) is one bash runs, but
 * tree-sitter-bash cannot read it; the same text with the rest of that line from its `)` moved to just after the
 * heredoc's last line runs the same commands and reads. `undefined` when no line has that shape.
 */
export function closeSubshellsAfterHeredocs(text: string): string | undefined {
	const lines = text.split('\n');
	let changed = false;
	for (let index = 0; index < lines.length; index++) {
		// What follows the `)` (a redirect, a pipe into `sh`) moves with it, as bash applies it to the subshell.
		const opened = /^(.*<<-?\s*(['"]?)([\w.-]+)\2)\s*(\).*)$/.exec(lines[index] ?? '');
		const delimiter = opened?.[3];
		const end =
			delimiter === undefined
				? -1
				: lines.findIndex((line, at) => at > index && line.trim() === delimiter);
		if (opened && end > index) {
			lines[index] = opened[1] ?? '';
			lines.splice(end + 1, 0, opened[4] ?? '');
			changed = true;
		}
	}
	return changed ? lines.join('\n') : undefined;
}
