import { describe, expect, it } from 'vitest';

import { lineEffects } from '../../../../../src/core/reading/effects/lineEffects';
import type { ShellDialect } from '../../../../../src/core/reading/shell/commandLine';
import { environmentPrints } from '../../../../../src/core/reading/shell/codeEnvironmentPrints';
import { analyze } from '../../../../support/shellAnalyzer';

/** Whether the line prints a credential into the model's context (a read of credentials or a secret file). */
async function printsCredentials(line: string, dialect: ShellDialect = 'bash'): Promise<boolean> {
	return lineEffects((await analyze(line, dialect)).commands).some(
		(effect) =>
			effect.kind === 'read' && (effect.subject === 'credentials' || effect.path === '.env'),
	);
}

describe('credentials picked out of the environment and printed', () => {
	it.each<[string, ShellDialect?]>([
		['env | grep -i secret'],
		['printenv | grep -E "PASS|KEY" | sort'],
		['export -p | grep TOKEN'],
		['declare -x | grep -i auth'],
		['set | grep -i passphrase'],
		["bash -c 'env' | grep -i token"],
		["python3 -c 'import os; print(dict(os.environ))' | grep -i key"],
		['Get-ChildItem env:*SECRET*', 'powershell'],
		['Get-Content env:NPM_TOKEN', 'powershell'],
		["dir env: | Where-Object Name -like '*KEY*'", 'powershell'],
		['ps auxe'],
		['heroku config --app web'],
	])('%s', async (line, dialect) => {
		expect(await printsCredentials(line, dialect)).toBe(true);
	});
});

describe('the environment listed for everyday debugging stays quiet', () => {
	it.each<[string, ShellDialect?]>([
		['env'],
		['env | sort'],
		['env | grep -i path'],
		['printenv | grep NODE'],
		['env | grep -i token | wc -l'],
		['env | grep -ic secret'],
		['env | cut -d= -f1'],
		['env > debug-env.txt'],
		['export -p'],
		['python3 -c \'import os; print(os.environ.get("HOME"))\''],
		['Get-ChildItem env:', 'powershell'],
		['Get-ChildItem env:PATH', 'powershell'],
		['ps -ef'],
		['ps -o user,pid'],
	])('%s', async (line, dialect) => {
		expect(await printsCredentials(line, dialect)).toBe(false);
	});
});

describe('interpreter code that prints the environment', () => {
	it.each<[string, 'python' | 'javascript' | 'ruby' | 'php' | 'perl', string[][]]>([
		['print(os.environ)', 'python', [['printenv']]],
		['print(os.environ["STRIPE_SECRET_KEY"])', 'python', [['printenv', 'STRIPE_SECRET_KEY']]],
		['console.log(JSON.stringify(process.env))', 'javascript', [['printenv']]],
		['console.log(process.env.NPM_TOKEN)', 'javascript', [['printenv', 'NPM_TOKEN']]],
		['puts ENV.to_h', 'ruby', [['printenv']]],
		['print_r($_ENV);', 'php', [['printenv']]],
		['print "$ENV{DB_PASSWORD}\\n";', 'perl', [['printenv', 'DB_PASSWORD']]],
		[
			"require('dotenv').config(); console.log(process.env)",
			'javascript',
			[['printenv'], ['cat', '.env']],
		],
		// reading the environment without printing it, or printing a harmless variable
		['e = os.environ.copy(); print("ok")', 'python', []],
		['console.log(process.env.NODE_ENV)', 'javascript', []],
		['puts ENV["HOME"]', 'ruby', []],
	])('%s (%s)', (code, language, expected) => {
		expect(environmentPrints({ language, code }).map((effect) => effect.argv)).toEqual(expected);
	});

	it('counts the value `node -p` prints', () => {
		expect(
			environmentPrints({ language: 'javascript', code: 'process.env' }, true).map((e) => e.argv),
		).toEqual([['printenv']]);
	});
});
