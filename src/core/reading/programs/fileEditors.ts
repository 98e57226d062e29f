import type { Effect } from '../../terms/effect';
import type { OptionGrammar } from './optionGrammar';
import { given, parseOptions, valuesOf } from './optionGrammar';
import type { ProgramCall, ProgramModel } from './programModel';

const edits = (call: ProgramCall, paths: readonly string[], action = 'edits in place'): Effect[] =>
	paths.map((path) => call.effect({ kind: 'write', path, action }));

/** Whether a short-option cluster or long option turns on in-place editing (`-i`, `-i.bak`, `-pi`, `--in-place`). */
function inPlace(args: readonly string[]): boolean {
	return args.some(
		(word) => word === '--in-place' || word.startsWith('--in-place=') || /^-[A-Za-z]*i/.test(word),
	);
}

/** `sed -i`: edits its file operands (after the script, unless the script came from `-e`/`-f`). */
export const sedInPlace: ProgramModel = (call) => {
	if (!inPlace(call.args)) {
		return [];
	}
	const parsed = parseOptions(call.args, {
		shortValues: 'efl',
		longValues: ['expression', 'file', 'line-length'],
	});
	const scripted = given(parsed, 'e', 'f', 'expression', 'file');
	return edits(call, scripted ? parsed.operands : parsed.operands.slice(1));
};

/**
 * `perl -i`/`ruby -i`: edits the files after the program (after all operands when the program came from `-e`).
 * Without `-i`, the program most often reads the files it is given (`perl -ne print f`, `ruby -e 'puts ARGF.read' f`,
 * `perl script.pl f`), as an interpreter's script arguments are read elsewhere.
 */
export const interpreterInPlace: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, { shortValues: 'eEMmIxrC' });
	const scripted = given(parsed, 'e', 'E');
	const files = scripted ? parsed.operands : parsed.operands.slice(1);
	if (!call.args.some((word) => /^-[A-Za-z]*i/.test(word))) {
		return files.map((path) =>
			call.effect({ kind: 'read', path, certainty: 'likely', action: 'is given' }),
		);
	}
	return edits(call, files);
};

/** `vim -es`, `ex`, `ed`, `emacs --batch`: editors run from a script write the files they open. */
export const scriptedEditor: ProgramModel = (call) => {
	// In Ex mode (`vim -es`) `-s` is "silent", not "read normal-mode keys from a file".
	const exMode =
		call.name === 'ex' ||
		call.args.some((word) => /^-[A-Za-z]*e/.test(word) && !word.startsWith('--'));
	// ed's only option with a value is `-p prompt`; its `-s` is "silent", as in Ex mode.
	const lineEditor = call.name === 'ed' || call.name === 'red';
	const parsed = parseOptions(call.args, {
		shortValues: lineEditor ? 'p' : exMode ? 'cSuUiTwWqt' : 'cSuUiTwWqts',
		longValues: ['cmd', 'eval', 'load', 'funcall', 'insert', 'script'],
		singleDashLongs: false,
	});
	const scripted =
		call.name === 'ed' ||
		call.name === 'ex' ||
		call.name === 'red' ||
		given(parsed, 'e', 'E', 's', 'es', 'batch', 'script') ||
		call.args.some((word) => /^-[A-Za-z]*[eE]s|^-[A-Za-z]*s[eE]|^--batch$/.test(word)) ||
		valuesOf(parsed, 'c', 'cmd').some((command) => /\b(?:w|wq|x|wa|wqa|xa|sav\w*)\b/.test(command));
	// `:w! ~/.bashrc`, `:saveas f`, `:wq other`: a write command naming a file writes that file, whatever is open.
	const named = [
		...valuesOf(parsed, 'c', 'cmd'),
		...call.args.filter((word) => word.startsWith('+')),
	]
		.flatMap((command) => [...command.matchAll(WRITE_COMMAND)].map((match) => match[1] ?? ''))
		.filter((path) => path !== '');
	return scripted || named.length > 0
		? edits(call, [...parsed.operands.filter((word) => !word.startsWith('+')), ...named])
		: [];
};

/** An Ex write command with a file name: `w! f`, `write f`, `wq f`, `x f`, `sav[eas] f`, `w >> f`. */
const WRITE_COMMAND =
	/(?:^|[|:+\s])(?:write|wq|w|xit|x|saveas|sav|update|up)!?\s+(?:>>\s*)?([^\s|]+)/g;

/** `yq -i`, `jq`-likes with `--in-place`, `gawk -i inplace`: the files after the expression are rewritten. */
export const expressionInPlace: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, {
		shortValues: 'oIpe',
		longValues: ['output-format', 'input-format', 'indent', 'expression'],
	});
	if (call.name === 'gawk' || call.name === 'awk') {
		const inplace = call.args.some(
			(word, at) => (word === '-i' || word === '--include') && call.args[at + 1] === 'inplace',
		);
		return inplace ? edits(call, parsed.operands.slice(2)) : [];
	}
	return given(parsed, 'i', 'inplace', 'in-place') ? edits(call, parsed.operands.slice(1)) : [];
};

/**
 * Programs whose `-o`-style option names a file they write: `sort -o`, `curl -o`/`--output`, `wget -O`,
 * `openssl … -out`, `gpg -o`, `ssh-keygen -f`, compilers. The value is written; `-` is stdout.
 */
const OUTPUT_OPTIONS: Readonly<
	Record<
		string,
		{
			grammar: OptionGrammar;
			names: readonly string[];
			/** Flags that make the named option an input instead (`ssh-keygen -y -f key` reads the key). */
			readingWith?: readonly string[];
		}
	>
> = {
	sort: {
		grammar: { shortValues: 'kotTS', longValues: ['output', 'key', 'field-separator'] },
		names: ['o', 'output'],
	},
	curl: {
		grammar: {
			shortValues: 'oHdFXuTAerEbcKwmxyYzCDPQt',
			longValues: [
				'output',
				'output-dir',
				'header',
				'data',
				'form',
				'request',
				'user',
				'upload-file',
				'cookie-jar',
				'dump-header',
				'trace',
				'trace-ascii',
				'stderr',
				'config',
			],
		},
		names: ['o', 'output', 'c', 'cookie-jar', 'D', 'dump-header', 'trace', 'trace-ascii', 'stderr'],
	},
	wget: {
		grammar: {
			shortValues: 'OoaPiU',
			longValues: ['output-document', 'output-file', 'append-output', 'directory-prefix'],
		},
		names: ['O', 'output-document', 'o', 'output-file', 'a', 'append-output'],
	},
	openssl: {
		grammar: { singleDashLongs: true, longValues: ['out', 'keyout', 'in', 'inkey', 'signkey'] },
		names: ['out', 'keyout'],
	},
	gpg: { grammar: { shortValues: 'or', longValues: ['output'] }, names: ['o', 'output'] },
	// `-f` names the key it writes, except where it prints from a key: the public half, a fingerprint, an export.
	'ssh-keygen': {
		grammar: { shortValues: 'fCNtbZEmF' },
		names: ['f'],
		readingWith: ['y', 'l', 'e', 'B', 'F', 'D'],
	},
	base64: { grammar: { shortValues: 'oiw' }, names: ['o'] },
	xxd: { grammar: { shortValues: 'cglos' }, names: [] },
};

/** Writes named by an output option of a program in {@link OUTPUT_OPTIONS}; `wget -P DIR` writes into DIR. */
export const outputOption: ProgramModel = (call) => {
	const spec = OUTPUT_OPTIONS[call.name];
	if (!spec) {
		return [];
	}
	const parsed = parseOptions(call.args, spec.grammar);
	if (spec.readingWith && given(parsed, ...spec.readingWith)) {
		return [];
	}
	const paths = valuesOf(parsed, ...spec.names).filter((path) => path !== '-' && path !== '');
	const effects = paths.map((path) =>
		call.effect({ kind: 'write', path, force: true, action: 'writes its output to' }),
	);
	for (const folder of valuesOf(parsed, 'P', 'directory-prefix', 'output-dir')) {
		effects.push(
			call.effect({
				kind: 'write',
				path: folder,
				tree: true,
				contentsUnknown: true,
				action: 'downloads into',
			}),
		);
	}
	if (call.name === 'xxd' && given(parsed, 'r', 'revert') && parsed.operands.length >= 2) {
		effects.push(
			call.effect({ kind: 'write', path: parsed.operands[1] ?? '', action: 'writes bytes to' }),
		);
	}
	return effects;
};
