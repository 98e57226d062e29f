import { fenced, markdownText } from '../../core/util/markdownText';

/**
 * The explanation of a command line as a document: the line, the verdict in a sentence (the `Verdict:` line of
 * `--explain`), then `--explain`'s own text unchanged, and how to get the same text in a terminal.
 */
export function explainDocument(commandLine: string, dialect: string, explanation: string): string {
	const verdict = /^Verdict: (.*)$/m.exec(explanation)?.[1] ?? 'unknown';
	const flag = dialect === 'powershell' ? ' --powershell' : '';
	return [
		`# Explain: ${markdownText(commandLine)}`,
		'',
		`**Verdict: ${markdownText(verdict)}**`,
		'',
		'What Hookwarden reads in this line (each sub-command, how it is reached, and the rules that match it), as',
		'`--explain` prints it:',
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
