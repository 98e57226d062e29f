import { describe, expect, it } from 'vitest';

import {
	closeOpenQuotes,
	closeSubshellsAfterHeredocs,
} from '../../../../../src/core/reading/shell/closeOpenQuotes';

describe('a line left open at its end, closed', () => {
	it.each<[string, string | undefined]>([
		["echo 'unfinished", "echo 'unfinished'"],
		['echo "a', 'echo "a"'],
		["cat <<'EOF'\nbody", "cat <<'EOF'\nbody\nEOF"],
		["echo 'done'", undefined],
	])('%j', (text, expected) => {
		expect(closeOpenQuotes(text)).toBe(expected);
	});
});

describe("a subshell closed on its heredoc's first line, moved after the heredoc", () => {
	it.each<[string, string | undefined]>([
		["(cat <<'EOF')\nbody\nEOF", "(cat <<'EOF'\nbody\nEOF\n)"],
		['(cd src && cat <<EOF) > out.txt\nx\nEOF', '(cd src && cat <<EOF\nx\nEOF\n) > out.txt'],
		["(cat <<-'END') | sh\n\tls\n\tEND", "(cat <<-'END'\n\tls\n\tEND\n) | sh"],
		["(cat <<'EOF')\nbody never ends", undefined],
		["cat <<'EOF'\nbody\nEOF", undefined],
	])('%j', (text, expected) => {
		expect(closeSubshellsAfterHeredocs(text)).toBe(expected);
	});
});
