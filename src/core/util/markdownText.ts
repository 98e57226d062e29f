/**
 * Text from outside (what an agent wrote, a command, a reason) made safe to put inside a line of Markdown (after a
 * list marker or a heading's `#`, never at a line's start): one line, with every character that could start inline
 * markup escaped (emphasis, code, links, HTML, table cells), so it shows exactly as written and never becomes a link.
 */
export function markdownText(text: string): string {
	return text
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/[\\`*_[\]<>|~]/g, '\\$&');
}

/** A fenced code block that holds `text` as it is, whatever backticks it contains. */
export function fenced(text: string, language = ''): string {
	const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
	const fence = '`'.repeat(longest + 1);
	return `${fence}${language}\n${text}\n${fence}`;
}

/** Text for one cell of a Markdown table: escaped, one line, no pipe that would end the cell. */
export function tableCell(text: string): string {
	return markdownText(text);
}
