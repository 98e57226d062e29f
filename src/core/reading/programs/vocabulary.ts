/*
 * The program vocabulary: what each program family is, declared once. Every list the readers and judges use (inert
 * programs, shells, interpreters, network senders, downloaders, service CLIs, package managers, the programs each
 * model reads) is derived from here, so a program that sends is a sender everywhere, and a new program is one entry.
 *
 * A family is a list of names and its traits. A trait table kept next to the code that reads it (file readers with
 * their option grammars, wrappers, project runners, the rule tables of credential printers, schedulers and disk tools)
 * plugs in as one entry per table: `...fromTable(NAMES, { trait })`. Such a table holds data the vocabulary may
 * import: it must never import the vocabulary itself.
 */
import { builtOnFirstUse } from '../../util/builtOnFirstUse';
import { setBuiltOnFirstUse } from '../../util/setBuiltOnFirstUse';
import type { InterpreterLanguage } from '../shell/codeTypes';
import { WRAPPER_PROGRAMS } from '../shell/wrappers';
import { UPLOAD_PROGRAMS } from './cloudUploads';
import { COMPRESSOR_PROGRAMS } from './compressors';
import { CREDENTIAL_PROGRAMS } from './credentialPrinters';
import { DATABASE_FILE_PROGRAMS } from './databaseFiles';
import { DISK_PROGRAMS, MACHINE_PROGRAMS } from './disks';
import { EDITOR_PROGRAMS } from './editorCommandLines';
import { FILE_READERS } from './fileReaders';
import { FILE_SERVER_PROGRAMS } from './fileServers';
import {
	CLOUD_GLOBAL,
	CONTAINER_GLOBAL,
	DATABASE_GLOBAL,
	FORGE_GLOBAL,
	INFRA_GLOBAL,
	KUBE_GLOBAL,
} from './globalOptions';
import type { OptionGrammar } from './optionGrammar';
import { PERSISTENT_ENVIRONMENT_PROGRAMS } from './persistentEnvironment';
import { PROJECT_RUNNERS } from './projectRunners';
import { SCHEDULER_PROGRAMS } from './schedulers';

/** The shell language a shell program reads. */
export type ShellKind = 'posix' | 'powershell' | 'cmd';

/**
 * How a program sends data over the network: an HTTP client (its request body, `-d @file`, stdin), a socket (what
 * it reads on stdin), a remote shell (stdin goes to the other end), mail, or a copy of named files to another machine
 * or a cloud (`scp`, `rsync host:`, `aws s3 cp`, `gh gist create`).
 */
export type SenderKind = 'http' | 'socket' | 'remoteShell' | 'mail' | 'files';

/**
 * How a program runs a command for you: the rest of its words (`sudo`, `nice`), a word as a shell line (`eval`,
 * `watch`), a script file (`source`), once per input item (`xargs`, `find -exec`), inside a container, on another
 * machine, or by the name of a subcommand or alias (`git`'s aliases).
 */
export type RunKind =
	'wrapper' | 'shellText' | 'script' | 'fanOut' | 'container' | 'remote' | 'subcommand';

/** How code reaches an interpreter on its command line: the language, and the options that carry program text. */
export interface Interpreter {
	readonly language: InterpreterLanguage;
	readonly codeOptions: readonly string[];
}

/**
 * A service CLI: a program whose verbs act on data a service holds (clouds, clusters, containers, databases,
 * migrations, stores). Its verbs are read by one shared vocabulary of destroying and everyday verbs.
 */
export interface ServiceCli {
	/** Options that may come before the verb; those that take a value are skipped with their value. */
	readonly global?: OptionGrammar;
	/** Words the program name stands for before its own (`docker-compose down` is `docker compose down`). */
	readonly impliedPath?: readonly string[];
	/** Only the rules written for the program read it (a framework's tasks), not the shared verbs. */
	readonly rulesOnly?: true;
	/**
	 * Command paths up to a destroying verb that are everyday for this family (`delete pod`, `rm`): quiet unless an
	 * option widens them (`--all`, `--purge`).
	 */
	readonly everyday?: readonly string[];
	/** Verbs that destroy in this family only (Vault's `disable` of a secrets engine takes its data with it). */
	readonly destroys?: readonly string[];
}

/** What one program family is. Every field is optional; a family has the traits it declares and no others. */
export interface ProgramTraits {
	/** Reads the files it names (prints, counts, compares, searches, hashes them). */
	readonly reads?: true;
	/** Creates or changes files it names. */
	readonly writes?: true;
	/** Deletes files or folders it names. */
	readonly deletes?: true;
	/** Writes where an output option says (`-o FILE`, `--output=FILE`). */
	readonly output?: true;
	/** Edits files in place: by a script or expression given on the line (`sed -i`, `perl -pi`, `yq -i`, `vim -c`). */
	readonly inPlace?: 'sed' | 'interpreter' | 'expression' | 'editor';
	/** Takes names and paths only as data (`echo`, `which`, `ls`): its words are neither run nor read. */
	readonly inert?: true;
	/** Prints, stores or forwards text it is fed: a heredoc or pipe into it is data, never run. */
	readonly textSink?: true;
	readonly sends?: SenderKind;
	/** Downloads what it is pointed at, so what it saves or prints may be code from the network. */
	readonly downloads?: true;
	/** Reads a script in this shell language from `-c`, a file or stdin. */
	readonly shell?: ShellKind;
	readonly interpreter?: Interpreter;
	readonly runsCommands?: RunKind;
	readonly service?: ServiceCli;
	/** A data-store client: statements it is given (options, operands, stdin) act on the store's data. */
	readonly dataStore?: true;
	/**
	 * A package manager: `apt install git` names a package, not a command to run; removing one named package is
	 * everyday, wiping every one or its data is not.
	 */
	readonly packageManager?: true;
	/** Runs the project's own scripts, builds or tests (`npm test`, `make`, `cargo build`). */
	readonly projectRunner?: true;
	/** Some of its forms print a credential (`gh auth token`, `printenv GITHUB_TOKEN`). */
	readonly printsCredentials?: true;
	/** Its first operand is a database file it opens (`sqlite3 app.db`). */
	readonly opensDatabaseFiles?: true;
	/** Serves a folder over HTTP. */
	readonly servesFiles?: true;
	/** Sets variables every later session sees (`setx`, `launchctl setenv`). */
	readonly setsPersistentEnvironment?: true;
	/** Schedules commands that later run without a hook call (`crontab`, `schtasks`). */
	readonly schedules?: true;
	/** A VS Code-family editor's command line (installs, disables, uninstalls extensions). */
	readonly editor?: true;
	/** Erases disks, partitions, volumes or snapshots. */
	readonly erasesDisks?: true;
	/** Changes the machine every user shares: power, services, firewalls, accounts, processes. */
	readonly controlsMachine?: true;
	/** Packs or unpacks archives. */
	readonly archives?: true;
}

/** One family: the names its programs go by (lower-case, no path or `.exe`; cmdlets by canonical name), and traits. */
export interface ProgramFamily extends ProgramTraits {
	readonly names: readonly string[];
}

/** A trait table kept elsewhere, as one family: every name it lists gets `traits`. */
function fromTable(names: Iterable<string>, traits: ProgramTraits): ProgramFamily {
	return { names: [...names], ...traits };
}

/** Package managers' verbs that remove named packages or clean their own caches: everyday unless widened. */
const PACKAGE_EVERYDAY = [
	'uninstall',
	'remove',
	'rm',
	'un',
	'r',
	'erase',
	'purge',
	'autoremove',
	'autoclean',
	'autopurge',
	'clean',
	'cleanup',
	'prune',
	'dedupe',
];

const AWK_LANGUAGE: Interpreter = { language: 'awk', codeOptions: [] };
const SED_LANGUAGE: Interpreter = { language: 'sed', codeOptions: [] };

/** Cloud and hosting CLIs: one entry, one verb vocabulary; `logs`, `config` and the like stay quiet. */
const CLOUD: ServiceCli = { global: CLOUD_GLOBAL };

/** Every family as declared, built on its first use. */
export const programFamilies = builtOnFirstUse((): readonly ProgramFamily[] => [
	// ---------------------------------------------------------------- files
	{ names: ['rm', 'unlink', 'rimraf', 'del-cli', 'rmrf', 'trash-empty'], deletes: true },
	{ names: ['shred', 'srm', 'wipe'], deletes: true },
	{ names: ['find', 'gfind'], deletes: true, runsCommands: 'fanOut' },
	{ names: ['cp', 'gcp'], writes: true },
	{ names: ['mv', 'gmv'], writes: true, deletes: true },
	{ names: ['ln', 'gln'], writes: true },
	{ names: ['install', 'ginstall'], writes: true },
	{ names: ['rsync', 'scp'], writes: true, deletes: true, sends: 'files' },
	{ names: ['tee'], writes: true, textSink: true },
	{ names: ['touch'], writes: true },
	{ names: ['mkdir'], writes: true },
	{ names: ['sponge'], writes: true },
	{ names: ['truncate'], writes: true },
	{ names: ['dd'], writes: true },
	{ names: ['chmod', 'chown', 'chgrp'], writes: true },
	{ names: ['setfacl'], writes: true },
	{ names: ['chattr'], writes: true },
	{
		names: ['sed', 'gsed'],
		reads: true,
		inPlace: 'sed',
		interpreter: SED_LANGUAGE,
		textSink: true,
	},
	{ names: ['vim', 'vi', 'nvim', 'ex', 'ed', 'red', 'emacs'], inPlace: 'editor' },
	{ names: ['yq', 'gojq', 'dasel'], reads: true, inPlace: 'expression', textSink: true },
	{ names: ['jq'], reads: true, textSink: true },
	{ names: ['sort'], reads: true, output: true, textSink: true },
	{ names: ['xxd', 'base64'], reads: true, output: true, textSink: true },
	{ names: ['openssl', 'gpg', 'ssh-keygen'], reads: true, output: true, textSink: true },
	{
		names: ['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep'],
		reads: true,
		textSink: true,
	},
	// `uniq IN OUT` writes its second operand.
	{ names: ['uniq'], reads: true, writes: true, textSink: true },
	fromTable(Object.keys(FILE_READERS), { reads: true }),
	fromTable(COMPRESSOR_PROGRAMS, { writes: true, deletes: true }),
	{ names: ['tar', 'bsdtar', 'gtar'], archives: true, writes: true },
	{ names: ['unzip'], archives: true, writes: true },
	{ names: ['7z', '7za', '7zz', '7zr'], archives: true, writes: true },
	{ names: ['zip'], archives: true, writes: true },
	{ names: ['cpio', 'jar'], archives: true, writes: true },
	{ names: ['mkfs', 'mke2fs', 'mkswap', 'mkdosfs', 'mkntfs', 'newfs'], erasesDisks: true },
	{ names: ['del', 'erase', 'rd', 'rmdir'], deletes: true },
	{
		names: [
			'remove-item',
			'clear-content',
			'set-content',
			'add-content',
			'out-file',
			'tee-object',
			'new-item',
			'copy-item',
			'move-item',
			'rename-item',
		],
		writes: true,
		deletes: true,
	},
	{ names: ['get-content', 'select-string', 'import-csv', 'get-filehash'], reads: true },
	{ names: ['expand-archive', 'compress-archive'], archives: true, writes: true },
	{ names: ['git'], writes: true, deletes: true, runsCommands: 'subcommand', textSink: true },

	// ---------------------------------------------------------------- data only
	{
		names: [
			'echo',
			'printf',
			'print',
			'which',
			'whereis',
			'whence',
			'man',
			'info',
			'help',
			'apropos',
			'whatis',
			'tldr',
			'alias',
			'unalias',
			'hash',
			'compgen',
			'complete',
			'declare',
			'typeset',
			'local',
			'readonly',
			'export',
			'unset',
			'set',
			'shopt',
			'true',
			'false',
			'test',
			'[',
			'[[',
			'let',
			'read',
			'logger',
			'ls',
			'll',
			'dir',
			'stat',
			'file',
			'du',
			'df',
			'realpath',
			'readlink',
			'basename',
			'dirname',
			'cd',
			'pushd',
			'popd',
			'ssh-add',
			'open',
			'xdg-open',
			'exit',
			'return',
			'wait',
			'sleep',
			'write-host',
			'write-output',
			'write-verbose',
			'write-warning',
			'write-error',
			'write-information',
			'write-debug',
			'out-host',
		],
		inert: true,
	},
	// An editor opens what it is given for the person; the agent never sees it.
	{ names: ['code', 'code-insiders', 'cursor'], inert: true, editor: true },
	{
		names: [
			'cat',
			'wc',
			'uniq',
			'head',
			'tail',
			'md5sum',
			'sha256sum',
			'sha1sum',
			'less',
			'more',
			'tr',
			'diff',
			'patch',
			'column',
			'fold',
			'cut',
			'paste',
			'xclip',
			'pbcopy',
			'wl-copy',
			'tac',
			'nl',
			'od',
			'hexdump',
			'iconv',
			'gzip',
			'envsubst',
			'mapfile',
			':',
		],
		textSink: true,
	},
	{ names: ['echo', 'printf', 'read', 'true'], textSink: true },

	// ---------------------------------------------------------------- the network
	{
		names: ['curl', 'wget'],
		sends: 'http',
		downloads: true,
		output: true,
		textSink: true,
	},
	// HTTPie and xh send what they are piped as the request body.
	{ names: ['http', 'https', 'xh', 'xhs'], sends: 'http', downloads: true, textSink: true },
	{ names: ['invoke-webrequest', 'invoke-restmethod'], sends: 'http', downloads: true },
	{ names: ['fetch', 'aria2c', 'start-bitstransfer'], downloads: true },
	{ names: ['nc', 'ncat', 'netcat', 'socat', 'telnet'], sends: 'socket' },
	{ names: ['nc'], textSink: true },
	{ names: ['openssl'], sends: 'socket', textSink: true },
	{ names: ['mail', 'mailx', 'sendmail'], sends: 'mail', textSink: true },
	{ names: ['ssh'], sends: 'remoteShell', runsCommands: 'remote' },
	{ names: ['mosh'], runsCommands: 'remote' },

	// ---------------------------------------------------------------- shells and interpreters
	{ names: ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'busybox'], shell: 'posix' },
	{ names: ['pwsh', 'powershell'], shell: 'powershell' },
	{ names: ['cmd'], shell: 'cmd' },
	{
		names: ['python', 'python2', 'python3', 'pypy', 'pypy3'],
		interpreter: { language: 'python', codeOptions: ['-c'] },
	},
	{
		names: ['node', 'nodejs', 'bun', 'deno'],
		interpreter: {
			language: 'javascript',
			codeOptions: ['-e', '--eval', '-p', '--print', 'eval'],
		},
	},
	{
		names: ['perl'],
		interpreter: { language: 'perl', codeOptions: ['-e', '-E'] },
		inPlace: 'interpreter',
	},
	{
		names: ['ruby'],
		interpreter: { language: 'ruby', codeOptions: ['-e'] },
		inPlace: 'interpreter',
	},
	{ names: ['php'], interpreter: { language: 'php', codeOptions: ['-r'] } },
	{
		names: ['awk', 'gawk', 'mawk', 'nawk'],
		interpreter: AWK_LANGUAGE,
		reads: true,
		inPlace: 'expression',
		textSink: true,
	},
	{ names: ['lua', 'luajit'], interpreter: { language: 'lua', codeOptions: ['-e'] } },
	{ names: ['r', 'rscript'], interpreter: { language: 'r', codeOptions: ['-e'] } },
	{
		names: ['julia'],
		interpreter: { language: 'julia', codeOptions: ['-e', '-E', '--eval', '--print'] },
	},
	{ names: ['tclsh', 'wish', 'expect'], interpreter: { language: 'tcl', codeOptions: ['-c'] } },
	{ names: ['osascript'], interpreter: { language: 'applescript', codeOptions: ['-e'] } },

	// ---------------------------------------------------------------- programs that run a command for you
	fromTable(WRAPPER_PROGRAMS, { runsCommands: 'wrapper' }),
	{ names: ['eval', 'invoke-expression', 'trap', 'watch'], runsCommands: 'shellText' },
	{ names: ['source', '.'], runsCommands: 'script' },
	{ names: ['xargs', 'parallel'], runsCommands: 'fanOut' },
	{ names: ['sudo', 'doas', 'env', 'exec'], runsCommands: 'wrapper' },
	{ names: ['docker', 'podman', 'kubectl'], runsCommands: 'container' },
	{ names: ['docker', 'kubectl', 'gh', 'glab'], textSink: true },
	fromTable(PROJECT_RUNNERS, { projectRunner: true }),

	// ---------------------------------------------------------------- data stores
	{
		names: [
			'psql',
			'mysql',
			'mariadb',
			'sqlite3',
			'sqlcmd',
			'clickhouse-client',
			'cqlsh',
			'mongo',
			'mongosh',
			'duckdb',
			'cockroach',
			'redis-cli',
			'valkey-cli',
			'keydb-cli',
		],
		dataStore: true,
		textSink: true,
	},
	{ names: ['dropdb', 'dropuser'], dataStore: true, service: { rulesOnly: true } },
	{
		names: ['mysqladmin', 'mariadb-admin'],
		dataStore: true,
		service: {
			global: DATABASE_GLOBAL,
			everyday: [
				'flush-hosts',
				'flush-logs',
				'flush-privileges',
				'flush-status',
				'flush-tables',
				'flush-threads',
			],
		},
	},
	{
		names: ['influx', 'etcdctl', 'consul', 'vault', 'nomad', 'boundary'],
		service: { global: CLOUD_GLOBAL, destroys: ['disable', 'del'] },
	},
	// Migration and schema tools: going back to nothing (`reset`, `downgrade base`, `clean`) loses the data.
	{
		names: [
			'goose',
			'migrate',
			'dbmate',
			'flyway',
			'liquibase',
			'alembic',
			'atlas',
			'knex',
			'drizzle-kit',
			'diesel',
			'sqlx',
			'migra',
			'refinery',
		],
		service: { global: DATABASE_GLOBAL },
	},
	// `sqitch revert` without `--to` reverts every change.
	{ names: ['sqitch'], service: { global: DATABASE_GLOBAL, destroys: ['revert'] } },
	{
		names: [
			'rails',
			'rake',
			'manage.py',
			'django-admin',
			'artisan',
			'prisma',
			'sequelize',
			'sequelize-cli',
			'typeorm',
			'mix',
			'serverless',
			'sls',
		],
		service: { rulesOnly: true },
	},

	// ---------------------------------------------------------------- clusters, containers, infrastructure, clouds
	{
		names: ['kubectl', 'oc', 'kubecolor'],
		service: {
			global: KUBE_GLOBAL,
			// A pod or a job is recreated by what owns it: deleting one is everyday.
			everyday: [
				// What one manifest file defines; a folder of them (`-R`, `-k`) is asked by kubectl's own rule.
				'delete <file>',
				'delete pod',
				'delete pods',
				'delete po',
				'delete job',
				'delete jobs',
				'delete event',
				'delete events',
				'config delete-context',
				'config delete-cluster',
				'config delete-user',
				'config unset',
			],
		},
	},
	{ names: ['helm', 'helmfile'], service: { global: KUBE_GLOBAL } },
	{
		names: ['terraform', 'tofu', 'terragrunt', 'pulumi', 'cdk', 'cdktf', 'packer', 'vagrant'],
		service: { global: INFRA_GLOBAL, everyday: ['state rm', 'workspace delete'] },
	},
	{
		names: [
			'minikube',
			'kind',
			'k3d',
			'k3s',
			'microk8s',
			'eksctl',
			'kops',
			'argocd',
			'flux',
			'velero',
			'istioctl',
			'linkerd',
			'skaffold',
			'tilt',
			'multipass',
			'limactl',
			'colima',
			'virsh',
			'vboxmanage',
			'lxc',
			'incus',
			'qm',
			'pct',
		],
		service: { global: KUBE_GLOBAL, destroys: ['undefine', 'unregistervm'] },
	},
	{
		names: ['docker', 'podman', 'nerdctl'],
		service: {
			global: CONTAINER_GLOBAL,
			// Containers, images and networks are rebuilt from their definitions; volumes hold data.
			everyday: [
				'rm',
				'rmi',
				'kill',
				'container rm',
				'container prune',
				'container kill',
				'image rm',
				'image prune',
				'network rm',
				'network prune',
				'builder prune',
				'buildx prune',
				'buildx rm',
				'compose down',
				'compose rm',
				'context rm',
				'manifest rm',
			],
		},
	},
	{
		names: ['docker-compose', 'podman-compose'],
		service: {
			global: CONTAINER_GLOBAL,
			impliedPath: ['compose'],
			everyday: ['compose down', 'compose rm'],
		},
	},
	{
		names: [
			'aws',
			'gsutil',
			'gcloud',
			'az',
			'azcopy',
			'doctl',
			'linode-cli',
			'hcloud',
			'scw',
			'oci',
		],
		service: CLOUD,
	},
	{
		names: [
			'ibmcloud',
			'exo',
			'vultr-cli',
			'civo',
			'heroku',
			'flyctl',
			'fly',
			'vercel',
			'netlify',
			'firebase',
			'supabase',
			'wrangler',
			'railway',
			'render',
			'amplify',
			'eb',
			'sam',
			'turso',
			'neonctl',
			'pscale',
			'upstash',
			'stripe',
			'twilio',
			'sentry-cli',
			'doppler',
			'infisical',
		],
		service: CLOUD,
	},
	{
		names: ['s3cmd', 's5cmd', 'mc', 'rclone', 'b2', 'restic', 'borg', 'kopia'],
		service: { global: CLOUD_GLOBAL, destroys: ['del', 'forget'] },
	},
	// `supabase db reset` resets the local development database; `--linked` (its own rule) the hosted one.
	{ names: ['supabase'], service: { ...CLOUD, everyday: ['db reset', 'stop'] } },
	{ names: ['gh', 'glab', 'hub', 'tea'], service: { global: FORGE_GLOBAL } },
	{
		names: ['crontab'],
		service: { rulesOnly: true },
	},

	// ---------------------------------------------------------------- package managers
	{
		names: [
			'apt',
			'apt-get',
			'aptitude',
			'yum',
			'dnf',
			'zypper',
			'pacman',
			'apk',
			'brew',
			'port',
			'snap',
			'flatpak',
			'pip',
			'pip3',
			'pipx',
			'npm',
			'pnpm',
			'yarn',
			'cargo',
			'go',
			'gem',
			'composer',
			'nix-env',
			'choco',
			'winget',
			'scoop',
			'conda',
			'mamba',
			'micromamba',
			'dotnet',
			'rustup',
		],
		packageManager: true,
	},
	{
		names: ['dotnet'],
		service: { everyday: ['remove', 'clean', 'ef migrations remove', 'nuget locals'] },
	},

	// ---------------------------------------------------------------- rule tables kept with their readings
	fromTable(CREDENTIAL_PROGRAMS, { printsCredentials: true }),
	fromTable(SCHEDULER_PROGRAMS, { schedules: true }),
	fromTable(PERSISTENT_ENVIRONMENT_PROGRAMS, { setsPersistentEnvironment: true }),
	fromTable(DATABASE_FILE_PROGRAMS, { opensDatabaseFiles: true }),
	fromTable(FILE_SERVER_PROGRAMS, { servesFiles: true }),
	fromTable(UPLOAD_PROGRAMS, { sends: 'files' }),
	fromTable(EDITOR_PROGRAMS, { editor: true }),
	fromTable(DISK_PROGRAMS, { erasesDisks: true }),
	fromTable(MACHINE_PROGRAMS, { controlsMachine: true }),
]);

/** Two declarations of one program: flags add up, and a trait with fields takes the fields of both. */
function merged(earlier: ProgramTraits, later: ProgramTraits): ProgramTraits {
	const service =
		earlier.service && later.service ? { ...earlier.service, ...later.service } : undefined;
	return { ...earlier, ...later, ...(service && { service }) };
}

interface VocabularyIndex {
	readonly byName: ReadonlyMap<string, ProgramTraits>;
	readonly familyOf: ReadonlyMap<string, readonly string[]>;
}

/** The vocabulary by program name, merged once, on the first question (a file tool's call asks none). */
const index = builtOnFirstUse((): VocabularyIndex => {
	const byName = new Map<string, ProgramTraits>();
	const familyOf = new Map<string, readonly string[]>();
	for (const { names, ...traits } of programFamilies()) {
		for (const name of names) {
			const earlier = byName.get(name);
			byName.set(name, earlier ? merged(earlier, traits) : traits);
			if (!familyOf.has(name)) {
				familyOf.set(name, names);
			}
		}
	}
	return { byName, familyOf };
});
const byName = (): ReadonlyMap<string, ProgramTraits> => index().byName;

/**
 * What a program is, by its name (lower-case, no path; `python3.12` and `pip3.11` as their families), or `undefined`
 * when the vocabulary does not know it.
 */
export function traitsOf(name: string): ProgramTraits | undefined {
	return byName().get(name) ?? byName().get(name.replace(/[\d.]+$/, ''));
}

/**
 * Each derived list, built on first use by one scan of the vocabulary and kept. Not an index of every trait: the
 * readers derive about twenty lists while every hook call starts, and sets of every name under every trait filled the
 * young heap enough to cost each call a garbage collection.
 */
const derivedLists = new Map<string, ReadonlySet<string>>();

function namesWith(trait: keyof ProgramTraits, value: unknown): ReadonlySet<string> {
	const names = new Set<string>();
	// forEach, not for…of: cold code allocates an entry pair per program for every list, hundreds of kilobytes.
	byName().forEach((traits, name) => {
		const own: unknown = traits[trait];
		if (own !== undefined && (value === undefined || own === value)) {
			names.add(name);
		}
	});
	return names;
}

/** Traits whose values are words or flags, the ones {@link programsWith} can select by value. */
type PlainTrait = {
	[K in keyof ProgramTraits]-?: NonNullable<ProgramTraits[K]> extends object ? never : K;
}[keyof ProgramTraits];

/**
 * Every name with `trait` (with that value, when given): one derived list, such as every shell or every sender. The
 * set is shared by every caller: read it, never cast it to change it.
 */
export function programsWith(trait: keyof ProgramTraits): ReadonlySet<string>;
export function programsWith<K extends PlainTrait>(
	trait: K,
	value: NonNullable<ProgramTraits[K]>,
): ReadonlySet<string>;
export function programsWith(
	trait: keyof ProgramTraits,
	value?: string | boolean,
): ReadonlySet<string> {
	const key = value === undefined ? trait : `${trait}=${String(value)}`;
	let names = derivedLists.get(key);
	if (!names) {
		names = setBuiltOnFirstUse(() => namesWith(trait, value));
		derivedLists.set(key, names);
	}
	return names;
}

/**
 * Programs whose words the shell reader follows as code or commands: shells, interpreters and runners. A wrapper is
 * not among them: its command is peeled off before it is read, so a wrapper still standing first was not peeled
 * (`command -V git …`, `sudo -l`) and its words are read like any other program's.
 */
export function programsThatRunCode(): ReadonlySet<string> {
	return setBuiltOnFirstUse(() => [
		...programsWith('shell'),
		...programsWith('interpreter'),
		...[...programsWith('runsCommands')].filter(
			(name) => byName().get(name)?.runsCommands !== 'wrapper',
		),
	]);
}

/** The names of the first family that declares `name` (`rm` gives `rm`, `unlink`, `rimraf`, …); `[name]` if none. */
export function familyNames(name: string): readonly string[] {
	return index().familyOf.get(name) ?? [name];
}

/** The service CLI a program is, with the everyday verbs package managers share, or `undefined`. */
export function serviceOf(name: string): ServiceCli | undefined {
	const traits = traitsOf(name);
	if (!traits?.packageManager) {
		return traits?.service;
	}
	return {
		...traits.service,
		everyday: [...(traits.service?.everyday ?? []), ...PACKAGE_EVERYDAY],
	};
}
