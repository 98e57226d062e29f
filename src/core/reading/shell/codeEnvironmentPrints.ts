/*
 * Interpreter code that prints the environment (`print(os.environ)`, `console.log(process.env)`, `node -p
 * process.env`, `p ENV`, `var_dump(getenv())`, `print %ENV`) or a variable named like a credential
 * (`console.log(process.env.GITHUB_TOKEN)`), read from the code's text as the shell command that prints the same:
 * `printenv` or `printenv NAME`. Code that loads a `.env` file into the environment first (`dotenv`) prints that
 * file too.
 */
import type { CodeEffect, InterpreterCode } from './interpreterCode';

/** Per language, the whole environment as code names it (not followed by a key), and one variable (group 1 its name). */
const ENVIRONMENT: Readonly<Record<string, { readonly whole: RegExp; readonly named: RegExp }>> = {
	python: {
		whole: /\bos\.environ\b(?!\s*(?:\[|\.get\b|\.setdefault\b|\.pop\b))|\bos\.getenv\(\s*\)/,
		named: /\bos\.(?:environ(?:\.get)?\s*[[(]|getenv\s*\()\s*['"](\w+)['"]/g,
	},
	javascript: {
		whole:
			/\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))|\bDeno\.env\.toObject\(\)|\bBun\.env\b(?!\s*[.[])/,
		named:
			/\b(?:process|Bun)\.env(?:\.(\w+)|\[\s*['"`](\w+)['"`]\s*\])|\bDeno\.env\.get\(\s*['"](\w+)['"]/g,
	},
	ruby: {
		whole: /\bENV\b(?!\s*(?:\[|\.fetch\b|\.key\?|\.include\?))/,
		named: /\bENV(?:\[\s*['"](\w+)['"]\s*\]|\.fetch\(\s*['"](\w+)['"])/g,
	},
	php: {
		whole: /\bgetenv\(\s*\)|\$_ENV\b(?!\s*\[)|\$_SERVER\b(?!\s*\[)/,
		named: /\bgetenv\(\s*['"](\w+)['"]|\$_(?:ENV|SERVER)\[\s*['"](\w+)['"]/g,
	},
	perl: {
		whole: /%ENV\b|\\%ENV\b/,
		named: /\$ENV\{\s*['"]?(\w+)['"]?\s*\}/g,
	},
};

/** Calls and statements that print what they are given, per language; JavaScript's `-p` prints the code's value. */
const PRINTS: Readonly<Record<string, RegExp>> = {
	python: /\b(?:print|pprint|pp)\s*(?=\()|\bsys\.stdout\.write\s*(?=\()/g,
	javascript:
		/\bconsole\.(?:log|dir|info|table|error|warn)\s*(?=\()|\bprocess\.stdout\.write\s*(?=\()/g,
	ruby: /(?:^|(?<=[;{\s]))(?:p|pp|puts|print|ap)\b|\$stdout\.write\b/g,
	php: /\b(?:var_dump|print_r|var_export|echo|print|printf)\b/g,
	perl: /\b(?:print|say|printf)\b/g,
};

/** What one print gives out: its parenthesised arguments, or the rest of its statement. */
function printedText(code: string, from: number): string {
	const rest = code.slice(from).trimStart();
	if (!rest.startsWith('(')) {
		return /^[^;\n]*/.exec(rest)?.[0] ?? '';
	}
	let depth = 0;
	for (let at = 0; at < rest.length; at++) {
		depth += rest[at] === '(' ? 1 : rest[at] === ')' ? -1 : 0;
		if (depth === 0) {
			return rest.slice(0, at + 1);
		}
	}
	return rest;
}

/** The texts the code prints: each print's arguments, or the whole code when the interpreter prints its value. */
function printedTexts(code: InterpreterCode, prints: RegExp, printsResult: boolean): string[] {
	const printed = [...code.code.matchAll(prints)].map(
		(match) => `${match[0]} ${printedText(code.code, (match.index ?? 0) + match[0].length)}`,
	);
	return printsResult ? [code.code, ...printed] : printed;
}

/** Code that loads a `.env` file into the environment: `require('dotenv').config()`, `load_dotenv()`, `Dotenv.load`. */
const LOADS_DOTENV =
	/\bdotenv\b[\s\S]*?\bconfig\s*\(|\bload_dotenv\s*\(|\bDotenv\.load\b|\bdotenv_values\s*\(/;

/** Environment variable names that hold credentials by convention (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`). */
const SECRET_NAME =
	/(?:TOKEN|SECRET|PASSW(?:OR)?D|PASSPHRASE|(?:API|ACCESS|PRIVATE|SIGNING|ENCRYPTION|MASTER)_?KEY|^KEY|_KEY|CREDENTIALS?|^PAT|_PAT)$/i;

/**
 * What interpreter code prints of the environment, as shell commands that print the same (`printenv`,
 * `printenv GITHUB_TOKEN`, and `cat .env` when the code loaded it first); none when it prints nothing of it.
 * `printsResult` says the interpreter prints the code's value itself (`node -p`).
 */
export function environmentPrints(code: InterpreterCode, printsResult = false): CodeEffect[] {
	const language = ENVIRONMENT[code.language];
	const prints = PRINTS[code.language];
	if (!language || !prints) {
		return [];
	}
	const printed = printedTexts(code, prints, printsResult);
	const named = printed
		.flatMap((text) => [...text.matchAll(language.named)])
		.map((match) => match.slice(1).find((group) => group !== undefined) ?? '')
		.filter((name) => SECRET_NAME.test(name));
	const whole = printed.some((text) => language.whole.test(text));
	if (!whole && named.length === 0) {
		return [];
	}
	// Shown as the print that gives the environment out, cut short: the whole program may be long.
	const shown = (
		printed.find((text) => language.whole.test(text) || new RegExp(language.named).test(text)) ??
		code.code
	).slice(0, 80);
	return [
		...(whole ? [{ argv: ['printenv'], text: shown }] : []),
		...[...new Set(named)].map((name) => ({ argv: ['printenv', name], text: shown })),
		...(whole && LOADS_DOTENV.test(code.code)
			? [{ argv: ['cat', '.env'], text: 'dotenv loads .env into the environment it prints' }]
			: []),
	];
}
