import type { SimpleCommand } from '../../reading/shell/commandLine';
import { programName } from '../../reading/shell/programName';
import type { Hit } from './dataLossTools';

/** One rule: the program, a test on its words after the program name, and what it destroys. */
interface ServiceRule {
	readonly programs: readonly string[];
	readonly test: (args: readonly string[], joined: string) => boolean;
	readonly what: string;
}

const has =
	(...words: string[]) =>
	(args: readonly string[]): boolean =>
		words.every((word) => args.includes(word));

/** SQL that drops or empties data: `DROP TABLE`, `TRUNCATE`, `DELETE FROM x` without `WHERE`. */
const DESTRUCTIVE_SQL =
	/\b(?:drop\s+(?:table|database|schema|index|view|collection|user)|truncate\s+(?:table\s+)?\w|delete\s+from\s+[\w."`]+\s*(?:;|$)|flushall|flushdb|dropdatabase\s*\()/i;

const RULES: readonly ServiceRule[] = [
	{
		programs: [
			'psql',
			'mysql',
			'mariadb',
			'sqlite3',
			'sqlcmd',
			'clickhouse-client',
			'cqlsh',
			'mongo',
			'mongosh',
		],
		test: (_args, joined) => DESTRUCTIVE_SQL.test(joined),
		what: 'drops or empties database data',
	},
	{
		programs: ['redis-cli'],
		test: (args) => args.some((word) => /^(flushall|flushdb)$/i.test(word)),
		what: 'erases every key in Redis',
	},
	{
		programs: ['dropdb', 'dropuser'],
		test: () => true,
		what: 'drops a database',
	},
	{
		programs: ['kubectl', 'oc'],
		test: (args) =>
			args[0] === 'delete' &&
			(args.some((word) =>
				/^(ns|namespaces?|all|pv|pvc|persistentvolumes?|persistentvolumeclaims?|nodes?|crd|customresourcedefinitions?)$/.test(
					word,
				),
			) ||
				args.includes('--all') ||
				args.includes('-A') ||
				args.includes('--all-namespaces')),
		what: 'deletes cluster resources broadly',
	},
	{
		programs: ['helm'],
		test: (args) => ['uninstall', 'delete', 'del', 'un'].includes(args[0] ?? ''),
		what: 'uninstalls a release and its resources',
	},
	{
		programs: ['terraform', 'tofu', 'terragrunt', 'pulumi', 'cdk'],
		test: (args) =>
			args[0] === 'destroy' ||
			(args[0] === 'apply' && args.includes('-destroy')) ||
			(args[0] === 'state' && args[1] === 'rm'),
		what: 'destroys provisioned infrastructure',
	},
	{
		programs: ['aws'],
		test: (args, joined) =>
			(args[0] === 's3' &&
				(args[1] === 'rb' || (args[1] === 'rm' && args.includes('--recursive')))) ||
			/\b(?:delete-(?:bucket|db-instance|db-cluster|stack|table|file-system|cluster|repository)|terminate-instances)\b/.test(
				joined,
			),
		what: 'deletes cloud resources or data',
	},
	{
		programs: ['gsutil', 'gcloud', 'az', 'doctl', 'heroku', 'flyctl', 'fly', 'vercel'],
		test: (args, joined) =>
			(args[0] === 'rm' && args.some((word) => /^-[a-zA-Z]*r/.test(word))) ||
			args[0] === 'rb' ||
			(/\b(?:delete|destroy|apps:destroy|remove)\b/.test(joined) &&
				/\b(?:projects?|group|instances?|clusters?|sql|buckets?|apps?|databases?|storage|droplets?|volumes?)\b/.test(
					joined,
				)),
		what: 'deletes cloud resources or data',
	},
	{
		programs: ['docker', 'podman'],
		test: (args) =>
			(['system', 'volume', 'image', 'container', 'builder', 'network'].includes(args[0] ?? '') &&
				['prune', 'rm'].includes(args[1] ?? '') &&
				(args[0] === 'volume' ||
					args[0] === 'system' ||
					args.includes('-a') ||
					args.includes('--all'))) ||
			(args[0] === 'compose' &&
				args.includes('down') &&
				(args.includes('-v') || args.includes('--volumes'))),
		what: 'deletes containers, images or volumes with their data',
	},
	{
		programs: ['gh'],
		test: (args) => args[0] === 'repo' && args[1] === 'delete',
		what: 'deletes a repository',
	},
	{
		programs: ['npm', 'pnpm', 'yarn'],
		test: (args) => args[0] === 'unpublish',
		what: 'removes a published package',
	},
	{
		programs: ['crontab'],
		test: (args) => args.some((word) => /^-[a-zA-Z]*r/.test(word)),
		what: 'removes every cron job of the user',
	},
	{
		programs: ['shutdown', 'reboot', 'halt', 'poweroff'],
		test: (args) => !args.includes('-c') && !args.includes('--help'),
		what: 'shuts down or restarts the machine',
	},
	{
		programs: ['systemctl'],
		test: (args) => ['poweroff', 'reboot', 'halt', 'kexec'].includes(args[0] ?? ''),
		what: 'shuts down or restarts the machine',
	},
	{
		programs: ['kill', 'pkill', 'killall'],
		test: (args, joined) => /(?:^|\s)-1(?:\s|$)/.test(joined) && args.at(-1) === '-1',
		what: 'kills every process the user may signal',
	},
	{
		programs: ['iptables', 'ip6tables', 'nft'],
		test: (args) => args.some((word) => ['-F', '--flush', 'flush'].includes(word)),
		what: 'flushes firewall rules',
	},
	{
		programs: ['git'],
		test: has('lfs', 'prune'),
		what: 'deletes local LFS objects',
	},
];

const BY_PROGRAM = new Map<string, ServiceRule[]>();
for (const rule of RULES) {
	for (const program of rule.programs) {
		BY_PROGRAM.set(program, [...(BY_PROGRAM.get(program) ?? []), rule]);
	}
}

/** Asks before commands that destroy data held by services rather than files: databases, clusters, clouds, containers. */
export function serviceDataLossHit(command: SimpleCommand): Hit | undefined {
	const rules = BY_PROGRAM.get(programName(command.argv[0] ?? ''));
	if (!rules) {
		return undefined;
	}
	const args = command.argv.slice(1);
	const joined = args.join(' ');
	const rule = rules.find((candidate) => candidate.test(args, joined));
	return rule
		? {
				rule: 'serviceDataLoss',
				verdict: 'ask',
				reason: `\`${command.text}\` ${rule.what}; the user confirms this.`,
			}
		: undefined;
}
