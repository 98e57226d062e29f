import { handedPaths } from './handedPaths';
import type { ProgramModel } from './programModel';

/**
 * The first word of a runner's call that only asks (prints help, a version, a listing, an explanation): the project's
 * code does not run.
 */
const QUERIES = new Set([
	'help',
	'--help',
	'-h',
	'-?',
	'version',
	'--version',
	'-v',
	'-V',
	'list',
	'ls',
	'info',
	'show',
	'view',
	'search',
	'outdated',
	'tree',
	'metadata',
	'why',
	'explain',
	'whoami',
	'doctor',
	'env',
	'config',
	'get',
	'help-all',
	'-n',
	'--dry-run',
	'--just-print',
	'--recon',
	'-p',
	'--print-data-base',
	'-q',
	'--question',
	'completion',
	'completions',
	'docs',
	'home',
	'bugs',
	'repo',
	'audit',
	'licenses',
	'locate-project',
	'pkgid',
	'verify-project',
	'vet',
	'fmt-check',
	'cache',
]);

/**
 * Programs that run the project's own code, or build it in place: package scripts and installs (whose lifecycle
 * scripts run), builds, test runners, task runners, compilers that write their output beside the sources. What they
 * change is known only once they ran, so the call is held and compared; a run that only asks is not.
 */
export const PROJECT_RUNNERS: readonly string[] = [
	'npm',
	'pnpm',
	'yarn',
	'bun',
	'deno',
	'make',
	'gmake',
	'ninja',
	'just',
	'task',
	'rake',
	'invoke',
	'nx',
	'turbo',
	'lerna',
	'bazel',
	'bazelisk',
	'buck2',
	'pants',
	'scons',
	'meson',
	'cmake',
	'ant',
	'mvn',
	'mvnw',
	'gradle',
	'gradlew',
	'sbt',
	'lein',
	'mix',
	'rebar3',
	'cabal',
	'stack',
	'dune',
	'zig',
	'swift',
	'xcodebuild',
	'cargo',
	'go',
	'dotnet',
	'pytest',
	'py.test',
	'tox',
	'nox',
	'jest',
	'vitest',
	'mocha',
	'ava',
	'playwright',
	'cypress',
	'karma',
	'phpunit',
	'rspec',
	'tsc',
	'poetry',
	'pipenv',
	'uv',
	'hatch',
	'pdm',
	'composer',
	'bundle',
	'bundler',
];

/** A runner's call: the project's code runs unless its first word only asks. */
export const projectRunner: ProgramModel = (call) => {
	const first = call.args.find(
		(word) => !/^--?(?:C|prefix|dir|directory|cwd|filter|workspace)=/.test(word),
	);
	if (first !== undefined && QUERIES.has(first)) {
		return [];
	}
	return [
		call.effect({
			kind: 'exec',
			subject: 'projectCode',
			action: "runs the project's own scripts, builds or tests",
			certainty: 'likely',
		}),
		// `bun run tool.ts show ~/.ssh/id_rsa`: code nobody read is handed a credential. The runner's verb or script
		// name (`test`, `run`) is no path.
		...handedPaths(
			call,
			call.args.filter((word) => word !== first || /[./~\\]/.test(word)),
		),
	];
};
