import { describe, expect, it } from 'vitest';

import { explainDocument } from '../../../../src/ui/explain/explainDocument';

describe('explainDocument', () => {
	it('heads the text --explain prints, unchanged, with its verdict and the terminal command that prints it', () => {
		const explanation = [
			"Command line (bash): rm -rf ~ && echo 'x'",
			'Sub-commands (2):',
			'Verdict: deny (rule destructiveCommands.recursiveDelete, built-in pack destructiveCommands)',
		].join('\n');
		const text = explainDocument("rm -rf ~ && echo 'x'", 'bash', explanation);
		expect(text).toContain(
			'**Verdict: deny (rule destructiveCommands.recursiveDelete, built-in pack destructiveCommands)**',
		);
		expect(text).toContain(`\`\`\`text\n${explanation}\n\`\`\``);
		expect(text).toContain(
			"~/.hookwarden/bin/hookwarden-hook --explain 'rm -rf ~ && echo '\\''x'\\'''",
		);
		expect(explainDocument('Remove-Item x', 'powershell', 'Verdict: ask')).toContain(
			' --powershell',
		);
	});
});
