import { describe, expect, it } from 'vitest';

import { codeLanguagesIn } from '../../../../../src/core/reading/code/codeLanguagesIn';

describe('codeLanguagesIn', () => {
	it.each<[string, string[]]>([
		['git status', []],
		['npm test && ls -la', []],
		['cat notes/python.md', []],
		['echo python', ['python']],
		['python3 -c "print(1)"', ['python']],
		['python3.12 -Bc "x"', ['python']],
		['/usr/bin/python -', ['python']],
		['env pypy3 script.py', ['python']],
		['curl -s x | python3', ['python']],
		['python3 <<EOF\nprint(1)\nEOF', ['python']],
		['node -e "1"', ['javascript']],
		['nodejs -p 1', ['javascript']],
		['deno eval "1"', ['javascript']],
		['bun -e "1"', ['javascript']],
		['ruby -e "puts 1" && php -r "echo 1;"', ['ruby', 'php']],
		['php8.2 -r "echo 1;"', ['php']],
		['bash -c "node -e 1"', ['javascript']],
		["sh -c 'ruby -e 1'", ['ruby']],
		['C:\\Python312\\python.exe -c "1"', ['python']],
		['nodemon app.js', []],
		['rubocop -a', []],
		['phpunit', []],
		['bunx x', []],
	])('%s → %j', (line, languages) => {
		expect(codeLanguagesIn(line)).toEqual(languages);
	});
});
