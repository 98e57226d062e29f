/*
 * Package scripts a line defines and then runs: `npm pkg set scripts.x='…'`, `npm set-script x '…'` or a
 * `package.json` the line writes, followed by `npm run x`, `pnpm x`, `yarn x`, `bun run x`. The package manager runs
 * the script's text in a shell, so that text is read as shell.
 */
import { programName } from './programName';

const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);

/** npm runs these by their own name, without `run`. */
const LIFECYCLE = new Set(['start', 'test', 't', 'tst', 'stop', 'restart']);

const RUN_VERBS = new Set(['run', 'run-script', 'rum', 'urn']);

/** The scripts a package manager call sets (`npm pkg set scripts.x=…`, `npm set-script x …`), by name. */
export function scriptsDefined(argv: readonly string[]): [name: string, text: string][] {
	const name = programName(argv[0] ?? '');
	if (!PACKAGE_MANAGERS.has(name)) {
		return [];
	}
	const words = argv.slice(1).filter((word) => !word.startsWith('-'));
	if (words[0] === 'set-script' && words[1] !== undefined && words[2] !== undefined) {
		return [[words[1], words[2]]];
	}
	const set = words.findIndex((word, at) => word === 'set' && words[at - 1] === 'pkg');
	if (set < 0) {
		return [];
	}
	return words.slice(set + 1).flatMap((word): [string, string][] => {
		const match = /^scripts\.([^=]+)=([\s\S]*)$/.exec(word);
		return match ? [[match[1] ?? '', match[2] ?? '']] : [];
	});
}

/** The scripts of a `package.json` text, by name; none when it is not JSON with a `scripts` object. */
export function scriptsInPackageJson(text: string): [name: string, text: string][] {
	try {
		const parsed: unknown = JSON.parse(text);
		const scripts =
			typeof parsed === 'object' && parsed !== null
				? (parsed as { scripts?: unknown }).scripts
				: undefined;
		return typeof scripts === 'object' && scripts !== null
			? Object.entries(scripts).filter(
					(entry): entry is [string, string] => typeof entry[1] === 'string',
				)
			: [];
	} catch {
		return [];
	}
}

/**
 * The script a package manager call runs by name (`npm run x`, `npm test`, `yarn x`, `pnpm x`, `bun run x`), or
 * `undefined`. A bare name other than npm's lifecycle ones counts only when `isScript` knows it, since
 * `yarn add`/`pnpm install` are the manager's own verbs.
 */
export function scriptRun(
	argv: readonly string[],
	isScript: (name: string) => boolean,
): string | undefined {
	const name = programName(argv[0] ?? '');
	if (!PACKAGE_MANAGERS.has(name)) {
		return undefined;
	}
	const words = argv.slice(1).filter((word) => !word.startsWith('-'));
	const [first, second] = words;
	if (first === undefined) {
		return undefined;
	}
	if (RUN_VERBS.has(first)) {
		return second;
	}
	if (name === 'npm') {
		return LIFECYCLE.has(first) ? (first.startsWith('t') ? 'test' : first) : undefined;
	}
	return name !== 'bun' && isScript(first) ? first : undefined;
}
