import { fenced, markdownText } from '../../core/util/markdownText';

/**
 * The explanation of a command line as a document: the line, the verdict in a sentence (the `Verdict:` line of
 * `--explain`), what the line does in a developer's words, then `--explain`'s own text unchanged for rule writers, and
 * how to get the same text in a terminal.
 */
export function explainDocument(
	commandLine: string,
	dialect: string,
	explanation: string,
	plain: readonly string[] = [],
): string {
	const verdict = /^Verdict: (.*)$/m.exec(explanation)?.[1] ?? 'unknown';
	const flag = dialect === 'powershell' ? ' --powershell' : '';
	return [
		`# Explain: ${markdownText(commandLine)}`,
		'',
		`**Verdict: ${markdownText(verdict)}**`,
		'',
		'## What it does',
		'',
		...(plain.length > 0
			? plain.map((line) => `- ${markdownText(line)}`)
			: ['Hookwarden sees nothing in this line that it judges.']),
		'',
		'## How Hookwarden reads it',
		'',
		'Each sub-command, how it is reached, and the rules that match it, as `--explain` prints it:',
		'',
		fenced(explanation, 'text'),
		'',
		'The same in a terminal, with the hooks installed:',
		'',
		fenced(`~/.hookwarden/bin/hookwarden-hook --explain ${shellWord(commandLine)}${flag}`, 'sh'),
		'',
	].join('\n');
}

function shellWord(text: string): string {
	return `'${text.replace(/'/g, `'\\''`)}'`;
}
