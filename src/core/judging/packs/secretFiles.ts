import type { SimpleCommand } from '../../reading/shell/commandLine';
import { powerShellCmdlet } from '../../reading/shell/powershellCmdlets';
import { programName } from '../../reading/shell/programName';
import type { Finding } from '../finding';
import type { PolicyInput } from '../policyInput';

/** Names of files that usually hold credentials; templates such as `.env.example` are not secrets. */
const SECRET_NAME =
	/^(?:\.env(?:\.(?!example$|sample$|template$|dist$|defaults?$|schema$)[\w.-]+)?|id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|\.npmrc|\.pypirc|\.netrc|_netrc|\.git-credentials|\.vault-token|\.pgpass|credentials\.json|service[-_]account[\w.-]*\.json|[\w.-]+\.(?:pem|key|p12|pfx|keystore|jks))$/i;

/** Secret files known by their folder as well as their name. */
const SECRET_IN_FOLDER =
	/(?:^|[/\\])(?:\.aws[/\\](?:credentials|config)|\.docker[/\\]config\.json|\.kube[/\\]config)$/i;

/** Whether a path names a file that usually holds credentials. */
function isSecretFile(path: string): boolean {
	const trimmed = path.replace(/[/\\]+$/, '');
	const name = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
	if (name.length > 80 || !/env|id_|rc$|\.|cred|token|pass/i.test(name)) {
		return false;
	}
	return SECRET_NAME.test(name) || SECRET_IN_FOLDER.test(trimmed);
}

/** Programs that read (print, copy, send or load) the files named as their operands. */
const READERS = new Set([
	'cat',
	'tac',
	'less',
	'more',
	'head',
	'tail',
	'bat',
	'batcat',
	'nl',
	'strings',
	'xxd',
	'od',
	'hexdump',
	'base64',
	'grep',
	'egrep',
	'fgrep',
	'rg',
	'ag',
	'awk',
	'sed',
	'cut',
	'sort',
	'uniq',
	'wc',
	'diff',
	'cp',
	'scp',
	'rsync',
	'mv',
	'tar',
	'zip',
	'gzip',
	'source',
	'.',
	'export',
	'openssl',
	'gpg',
	'nc',
	'jq',
	'yq',
	'vim',
	'vi',
	'nano',
	'code',
	'type',
	'get-content',
	'select-string',
	'copy-item',
	'dotenv',
	'gc',
]);

/** The words of a command that name a file it reads, including `curl -F x=@file`, `--data @file` and `< file`. */
function readFiles(command: SimpleCommand): string[] {
	const name = programName(command.argv[0] ?? '');
	const cmdlet = command.dialect === 'powershell' ? powerShellCmdlet(name) : name;
	const args = command.argv.slice(1);
	const files = command.redirects
		.filter((redirect) => /^\d*<$/.test(redirect.operator))
		.map((redirect) => redirect.target);
	if (args.length > 0 && (READERS.has(name) || READERS.has(cmdlet))) {
		files.push(...args.map((word) => word.replace(/^-\w+[:=]?|^--[\w-]+=/, '')));
	}
	if (['curl', 'wget', 'http', 'invoke-webrequest', 'invoke-restmethod'].includes(cmdlet)) {
		for (const word of args) {
			const at = /@([^;]+)/.exec(word);
			if (at?.[1]) {
				files.push(at[1]);
			}
		}
		const upload = args.findIndex((word) => ['-T', '--upload-file', '-InFile'].includes(word));
		if (upload >= 0) {
			files.push(args[upload + 1] ?? '');
		}
	}
	return files;
}

/**
 * Asks before a file tool or a shell command reads a file that usually holds credentials (`.env*`, `~/.ssh/id_*`,
 * `~/.aws/credentials`, `*.pem`/`*.key`, `.npmrc`, `.pypirc`, `.netrc`), since its contents would reach the model.
 */
export function secretFileFindings(input: PolicyInput): Finding[] {
	const { event } = input;
	if (event.name !== 'PreToolUse') {
		return [];
	}
	const candidates: { path: string; command?: string }[] = [];
	if (event.tool.kind === 'fileRead') {
		candidates.push(...event.tool.paths.map((path) => ({ path })));
	}
	for (const command of input.shell?.commands ?? []) {
		for (const path of readFiles(command)) {
			candidates.push({ path, command: command.text });
		}
	}
	const hit = candidates.find((candidate) => isSecretFile(candidate.path));
	if (!hit) {
		return [];
	}
	return [
		{
			verdict: 'ask',
			ruleId: 'secrets.secretFile',
			reason: `${hit.command !== undefined ? `\`${hit.command}\` reads` : 'This reads'} '${hit.path}', a file that usually holds credentials; its contents would reach the model, so a person approves.`,
			source: { kind: 'builtin', pack: 'secrets' },
			path: hit.path,
			...(hit.command !== undefined ? { subCommand: hit.command } : {}),
			context:
				'Do not read credential files; use the variable names from a template such as .env.example, or ask the user for the value you need.',
		},
	];
}
