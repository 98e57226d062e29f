import { given, parseOptions, valuesOf } from './optionGrammar';
import type { OptionGrammar } from './optionGrammar';

/** The name `mktemp` gives when no template is written. */
const DEFAULT_TEMPLATE = 'tmp.XXXXXXXXXX';

/** GNU mktemp: `--tmpdir` takes its folder only as `--tmpdir=DIR`. */
const MKTEMP_OPTIONS: OptionGrammar = {
	shortValues: 'p',
	longValues: ['suffix'],
	longs: ['directory', 'dry-run', 'quiet', 'suffix', 'tmpdir'],
};

/**
 * The path `mktemp` prints for its words: a fresh name in `$TMPDIR` (or `-p DIR`, `--tmpdir=DIR`), or the template
 * where it is written (`mktemp -d build.XXXX` makes it in the current folder). A variable assigned from it
 * (`tmp=$(mktemp -d)`) names that fresh place, not an unknown one, so `rm -rf "$tmp"` later is everyday cleanup.
 * `undefined` when the words cannot be read.
 */
export function mktempPrints(args: readonly string[]): string | undefined {
	const parsed = parseOptions(args, MKTEMP_OPTIONS);
	if (parsed.operands.length > 1) {
		return undefined;
	}
	const template = parsed.operands[0];
	const folder = valuesOf(parsed, 'p', 'tmpdir').find((value) => value !== '');
	const inTmp = folder !== undefined || given(parsed, 't', 'tmpdir');
	if (template !== undefined && !inTmp) {
		return template;
	}
	return `${folder ?? '$TMPDIR'}/${template ?? DEFAULT_TEMPLATE}`;
}

/** Programs whose output is a path, by what they print for their words. */
const PRINTERS: Readonly<Record<string, (args: readonly string[]) => string | undefined>> = {
	mktemp: mktempPrints,
};

/** The path a command prints (`mktemp -d` → `$TMPDIR/tmp.XXXXXXXXXX`), when its program's output is one Hookwarden can name. */
export function pathPrintedBy(argv: readonly string[]): string | undefined {
	const [program, ...args] = argv;
	return program === undefined ? undefined : PRINTERS[program]?.(args);
}
