import { readFind } from '../programs/fileDeleters';
import { programName } from './programName';

/** Pathspecs of a `git ls-files`/`git diff --name-only` listing as globs: git matches a bare `*.ts` in every folder. */
function pathspecGlobs(pathspecs: readonly string[]): string[] {
	if (pathspecs.length === 0) {
		return ['./**'];
	}
	return pathspecs.flatMap((spec) =>
		/[*?[]/.test(spec)
			? [spec.includes('/') ? spec : `./**/${spec}`]
			: [spec, `${spec.replace(/\/+$/, '')}/**`],
	);
}

/** The pathspecs after a git listing verb, or `undefined` when `argv` is not one. */
function gitListing(argv: readonly string[]): string[] | undefined {
	const verb = argv.findIndex((word, at) => at > 0 && !word.startsWith('-'));
	const words = argv.slice(verb + 1);
	const listing =
		argv[verb] === 'ls-files' ||
		(argv[verb] === 'diff' && words.some((word) => /^--name-(?:only|status)$/.test(word)));
	if (verb < 0 || !listing) {
		return undefined;
	}
	const separator = words.indexOf('--');
	return separator >= 0
		? words.slice(separator + 1)
		: words.filter((word) => !word.startsWith('-') && argv[verb] === 'ls-files');
}

/**
 * What a listing writes (`find ~/.ssh -type f`, `ls ~/.aws`, `git ls-files '*.ts'`), as globs of the names it may
 * list: `undefined` for any other command. Where the names go next (a pipe into `xargs`, the values of a `for` loop),
 * they stand for these globs.
 */
export function listedPaths(argv: readonly string[]): string[] | undefined {
	const name = programName(argv[0] ?? '');
	if (name === 'find' || name === 'gfind') {
		const { starts, names } = readFind(argv.slice(1));
		return starts.flatMap((start) =>
			names.length > 0 ? names.map((pattern) => `${start}/**/${pattern}`) : [`${start}/**`],
		);
	}
	if (name === 'ls') {
		const folders = argv.slice(1).filter((word) => !word.startsWith('-'));
		return (folders.length > 0 ? folders : ['.']).map((folder) => `${folder}/*`);
	}
	if (name === 'git') {
		const pathspecs = gitListing(argv);
		return pathspecs && pathspecGlobs(pathspecs);
	}
	return undefined;
}
