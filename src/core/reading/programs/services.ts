import { wordsFromVerb } from './optionGrammar';
import type { ProgramModel } from './programModel';
import { serviceOf } from './vocabulary';

/**
 * One service rule: its programs, and a test on the words from the verb on (the vocabulary says which global options
 * come before the verb: `kubectl -n prod delete`, `terraform -chdir=infra destroy`).
 */
interface ServiceRule {
	readonly programs: readonly string[];
	readonly test: (words: readonly string[], all: readonly string[], program: string) => boolean;
	readonly what: string;
}

/**
 * Application frameworks' commands that drop the database they are configured with (which may be production's) or
 * remove a deployed stack, by program: one verb word, or two (`migrate reset`).
 */
const FRAMEWORK_DATA_LOSS = new Map<string, readonly string[]>([
	[
		'rails',
		[
			'db:drop',
			'db:drop:all',
			'db:purge',
			'db:purge:all',
			'db:reset',
			'db:truncate_all',
			'db:schema:load',
		],
	],
	['manage.py', ['flush', 'reset_db']],
	['artisan', ['migrate:fresh', 'migrate:reset', 'migrate:refresh', 'db:wipe']],
	['prisma', ['migrate reset', '--force-reset']],
	['sequelize', ['db:drop', 'db:migrate:undo:all']],
	['typeorm', ['schema:drop']],
	['mix', ['ecto.drop', 'ecto.reset']],
	['serverless', ['remove']],
]);

/** Other names the programs of {@link FRAMEWORK_DATA_LOSS} go by. */
const FRAMEWORK_ALIASES: Readonly<Record<string, string>> = {
	rake: 'rails',
	'django-admin': 'manage.py',
	'sequelize-cli': 'sequelize',
	sls: 'serverless',
};

/** A word whose value comes from a command substitution (`$(docker ps -aq)`, `` `docker images -q` ``). */
function isSubstitution(word: string): boolean {
	return /\$\(|`/.test(word);
}

/** `kubectl scale … --replicas=0` (or `--replicas 0`): the workload stops serving. */
function scalesToZero(words: readonly string[]): boolean {
	return words.some(
		(word, index) => word === '--replicas=0' || (word === '--replicas' && words[index + 1] === '0'),
	);
}

const RULES: readonly ServiceRule[] = [
	{ programs: ['dropdb', 'dropuser'], test: () => true, what: 'drops a database' },
	{
		programs: ['kubectl', 'oc'],
		test: (words, all) =>
			words[0] === 'drain' ||
			(words[0] === 'scale' && scalesToZero(words)) ||
			(words[0] === 'delete' &&
				(words.some((word) =>
					// `delete deploy,svc,pvc`: every kind of a comma list counts.
					(word.split('/')[0] ?? '')
						.split(',')
						.some((kind) =>
							/^(?:ns|namespaces?|all|pv|pvc|persistentvolumes?|persistentvolumeclaims?|nodes?|crds?|customresourcedefinitions?|statefulsets?|sts)$/.test(
								kind,
							),
						),
				) ||
					all.some(
						(word) =>
							// A folder of manifests walked recursively, or a kustomization, names a whole application.
							['--all', '-A', '--all-namespaces', '-R', '--recursive', '-k'].includes(word) ||
							word.startsWith('--kustomize'),
					))),
		what: 'deletes cluster resources broadly, drains a node or scales a workload to nothing',
	},
	{
		programs: ['helm'],
		test: (words) => ['uninstall', 'delete', 'del', 'un'].includes(words[0] ?? ''),
		what: 'uninstalls a release and its resources',
	},
	{
		programs: ['terraform', 'tofu', 'terragrunt', 'pulumi', 'cdk', 'cdktf'],
		test: (words, all) =>
			words[0] === 'destroy' ||
			(['apply', 'up'].includes(words[0] ?? '') && all.some((word) => /^-?-destroy$/.test(word))) ||
			(words[0] === 'state' && ['rm', 'delete'].includes(words[1] ?? '')) ||
			(words[0] === 'stack' && words[1] === 'rm'),
		what: 'destroys provisioned infrastructure',
	},
	{
		programs: ['aws'],
		test: (words) =>
			(words[0] === 's3' &&
				(words[1] === 'rb' ||
					(words[1] === 'rm' && words.includes('--recursive')) ||
					// `s3 sync ./empty s3://bucket --delete`: whatever the source lacks goes from the bucket.
					(words[1] === 'sync' &&
						words.includes('--delete') &&
						(words.filter((word) => !word.startsWith('-'))[3] ?? '').startsWith('s3://')))) ||
			// The verb is the word after the service: `delete-user`, `batch-delete-image`, `terminate-instances`.
			/^(?:(?:batch-)?delete-[\w-]+|terminate-[\w-]+|purge-queue)$/.test(words[1] ?? ''),
		what: 'deletes cloud resources or data',
	},
	{
		programs: [
			'gsutil',
			'gcloud',
			'az',
			'doctl',
			'heroku',
			'flyctl',
			'fly',
			'vercel',
			'netlify',
			'firebase',
			'supabase',
			'wrangler',
		],
		test: (words) => {
			const joined = words.join(' ');
			return (
				(words[0] === 'rm' && words.some((word) => /^-[a-zA-Z]*r/.test(word))) ||
				words[0] === 'rb' ||
				// `vercel remove app`, `fly destroy app`: the verb alone removes a deployed project.
				(['remove', 'destroy'].includes(words[0] ?? '') && words.length > 1) ||
				// `supabase db reset --linked`: the project's hosted database, not the local one.
				(words[0] === 'db' &&
					words[1] === 'reset' &&
					words.some((word) => word === '--linked' || word.startsWith('--db-url'))) ||
				(/\b(?:delete|destroy|apps:destroy|remove|rm)\b/.test(joined) &&
					/\b(?:projects?|group|instances?|clusters?|sql|buckets?|apps?|databases?|storage|droplets?|volumes?|functions?|sites?|d1|kv|r2|db|firestore|collections?|hosting)\b/.test(
						joined,
					))
			);
		},
		what: 'deletes cloud resources or data',
	},
	{
		programs: ['docker', 'podman', 'nerdctl', 'docker-compose', 'podman-compose'],
		test: (words) =>
			(['system', 'volume', 'image', 'container', 'builder', 'network'].includes(words[0] ?? '') &&
				['prune', 'rm'].includes(words[1] ?? '') &&
				(words[0] === 'volume' ||
					words[0] === 'system' ||
					words.includes('-a') ||
					words.includes('--all'))) ||
			// `docker rm -f $(docker ps -aq)`: the containers are known only when the line runs, and may be all.
			(['rm', 'rmi'].includes(words[0] ?? '') && words.slice(1).some(isSubstitution)) ||
			(words[0] === 'compose' &&
				words.includes('down') &&
				(words.includes('-v') || words.includes('--volumes'))),
		what: 'deletes containers, images or volumes with their data',
	},
	{
		programs: ['gh'],
		test: (words) =>
			((words[0] === 'repo' || words[0] === 'release') && words[1] === 'delete') ||
			(['secret', 'variable'].includes(words[0] ?? '') &&
				['set', 'delete', 'remove'].includes(words[1] ?? '')) ||
			// `gh api -X DELETE repos/o/r`: any DELETE through GitHub's API removes what it names.
			(words[0] === 'api' &&
				words.some(
					(word, at) =>
						/^(?:-X|--method)=?DELETE$/i.test(word) ||
						(['-X', '--method'].includes(word) && /^DELETE$/i.test(words[at + 1] ?? '')),
				)),
		what: 'deletes a repository, a release or anything else through GitHub, or changes the secrets and variables its workflows run with',
	},
	{
		programs: [...FRAMEWORK_DATA_LOSS.keys(), ...Object.keys(FRAMEWORK_ALIASES)],
		test: (words, _all, program) => {
			const verbs = FRAMEWORK_DATA_LOSS.get(FRAMEWORK_ALIASES[program] ?? program) ?? [];
			return words.some((word, index) =>
				verbs.some((verb) => verb === `${word} ${words[index + 1] ?? ''}`.trim() || verb === word),
			);
		},
		what: "drops the application's database or removes its deployed stack",
	},
	{
		programs: ['npm', 'pnpm', 'yarn'],
		test: (words) => words[0] === 'unpublish',
		what: 'removes a published package',
	},
	{
		programs: ['crontab'],
		test: (_w, all) => all.some((word) => /^-[a-zA-Z]*r/.test(word)),
		what: 'removes every cron job of the user',
	},
];

const BY_PROGRAM = new Map<string, ServiceRule>();
for (const rule of RULES) {
	for (const program of rule.programs) {
		BY_PROGRAM.set(program, rule);
	}
}

/** Programs whose data-loss verbs {@link serviceCommand} reads. */
export const SERVICE_PROGRAMS: ReadonlySet<string> = new Set(BY_PROGRAM.keys());

/** Commands that destroy data held by services rather than files: databases, clusters, clouds, containers. */
export const serviceCommand: ProgramModel = (call) => {
	const rule = BY_PROGRAM.get(call.name);
	if (!rule) {
		return [];
	}
	const service = serviceOf(call.name);
	const hit = rule.test(
		[...(service?.impliedPath ?? []), ...wordsFromVerb(call.args, service?.global)],
		call.args,
		call.name,
	);
	return hit
		? [call.effect({ kind: 'serviceDataLoss', subject: 'serviceData', action: rule.what })]
		: [];
};
