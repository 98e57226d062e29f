import { type OptionGrammar, wordsFromVerb } from './optionGrammar';
import type { ProgramModel } from './programModel';
import { CLOUD_GLOBAL, FORGE_GLOBAL, KUBE_GLOBAL } from './globalOptions';

/**
 * Environment variable names that hold credentials by convention, the credential word last (`GITHUB_TOKEN`,
 * `AWS_SECRET_ACCESS_KEY`, `OPENAI_API_KEY`, `PGPASSWORD`); `SSH_AUTH_SOCK`, `KEY_COUNT` and `TOKENIZER` do not.
 */
const SECRET_VARIABLE =
	/^(?:[A-Z0-9]+_)*(?:[A-Z0-9]*TOKEN|[A-Z0-9]*SECRET|[A-Z0-9]*PASSW(?:OR)?D|PASSPHRASE|(?:API|ACCESS|PRIVATE|SECRET|SIGNING|ENCRYPTION|MASTER)_?KEY|KEY|CREDENTIALS?|PAT)$/i;

/** `$GITHUB_TOKEN`, `${NPM_TOKEN}`, `$env:OPENAI_API_KEY` inside a word: a credential the word expands to. */
const SECRET_EXPANSION = /\$(?:env:)?\{?([A-Za-z_][A-Za-z0-9_]*)/g;

function namesSecretVariable(word: string): boolean {
	return [...word.matchAll(SECRET_EXPANSION)].some((match) => SECRET_VARIABLE.test(match[1] ?? ''));
}

/** One family of programs that print a credential: options before the verb, and a test on the words from it on. */
interface CredentialRule {
	readonly programs: readonly string[];
	readonly global?: OptionGrammar;
	readonly test: (words: readonly string[], all: readonly string[]) => boolean;
	readonly what: string;
}

const has = (all: readonly string[], ...options: string[]) =>
	all.some((word) => options.includes(word));

const RULES: readonly CredentialRule[] = [
	{
		programs: ['echo', 'printf', 'print', 'write-output', 'write-host'],
		test: (_words, all) => all.some(namesSecretVariable),
		what: 'prints a credential held in an environment variable',
	},
	{
		programs: ['printenv'],
		test: (_words, all) => all.some((word) => SECRET_VARIABLE.test(word)),
		what: 'prints a credential held in an environment variable',
	},
	{
		programs: ['gh'],
		global: FORGE_GLOBAL,
		test: (words, all) =>
			words[0] === 'auth' &&
			(words[1] === 'token' || (words[1] === 'status' && has(all, '-t', '--show-token'))),
		what: 'prints the GitHub CLI token',
	},
	{
		programs: ['aws'],
		global: CLOUD_GLOBAL,
		test: (words) =>
			(words[0] === 'configure' &&
				(words[1] === 'export-credentials' ||
					(words[1] === 'get' && /secret|access_key|session_token/i.test(words[2] ?? '')))) ||
			(words[0] === 'sts' && /^get-(?:session-token|federation-token)$/.test(words[1] ?? '')) ||
			(words[0] === 'ecr' && words[1] === 'get-login-password') ||
			(words[0] === 'secretsmanager' && words[1] === 'get-secret-value'),
		what: 'prints AWS credentials or a secret',
	},
	{
		programs: ['gcloud'],
		global: CLOUD_GLOBAL,
		test: (words) =>
			(words[0] === 'auth' && /^print-(?:access|identity|refresh)-token$/.test(words[1] ?? '')) ||
			(words[0] === 'secrets' && words[1] === 'versions' && words[2] === 'access'),
		what: 'prints a Google Cloud token or secret',
	},
	{
		programs: ['az'],
		global: CLOUD_GLOBAL,
		test: (words) =>
			(words[0] === 'account' && words[1] === 'get-access-token') ||
			(words[0] === 'keyvault' && words[1] === 'secret' && words[2] === 'show'),
		what: 'prints an Azure token or secret',
	},
	{
		programs: ['kubectl'],
		global: KUBE_GLOBAL,
		test: (words, all) =>
			(words[0] === 'config' && words[1] === 'view' && has(all, '--raw')) ||
			(words[0] === 'get' &&
				/^secrets?$/.test(words[1] ?? '') &&
				has(all, '-o', '--output', '-oyaml', '-ojson')),
		what: 'prints cluster credentials or secrets',
	},
	{
		programs: ['gpg', 'gpg2'],
		test: (_words, all) => all.some((word) => /^--export-secret-(?:sub)?keys?$/.test(word)),
		what: 'prints secret keys from the GnuPG keyring',
	},
	{
		programs: ['git'],
		test: (words) => words[0] === 'credential' && words[1] === 'fill',
		what: 'prints a stored git credential',
	},
	{
		programs: ['security'],
		test: (words, all) =>
			(/^find-(?:generic|internet)-password$/.test(words[0] ?? '') &&
				all.some((word) => /^-[a-zA-Z]*[wg]/.test(word))) ||
			// `dump-keychain -d` prints every item decrypted.
			(words[0] === 'dump-keychain' && all.some((word) => /^-[a-zA-Z]*d/.test(word))),
		what: 'prints passwords from the macOS keychain',
	},
	{
		programs: ['secret-tool'],
		test: (words) => words[0] === 'lookup',
		what: 'prints a password from the desktop keyring',
	},
	{
		programs: ['pass', 'gopass'],
		test: (words) => words[0] === 'show' || (words.length === 1 && !words[0]?.startsWith('-')),
		what: 'prints a password from the password store',
	},
	{
		programs: ['op'],
		test: (words) => words[0] === 'read' || (words[0] === 'item' && words[1] === 'get'),
		what: 'prints a secret from 1Password',
	},
	{
		programs: ['vault'],
		test: (words) => words[0] === 'read' || (words[0] === 'kv' && words[1] === 'get'),
		what: 'prints a secret from Vault',
	},
	{
		programs: ['heroku'],
		test: (words) => words[0] === 'auth:token',
		what: 'prints the Heroku token',
	},
	{
		// `heroku config` lists an app's settings with their values: its database URL and API keys among them.
		programs: ['heroku'],
		test: (words) => words[0] === 'config' || words[0] === 'config:get',
		what: "prints an app's settings, credentials among them",
	},
	{
		// BSD-style `e` (`ps eww`, `ps auxe`) shows each process's environment after its command; `-e` is another option.
		programs: ['ps'],
		// A word after a dashed option is that option's value (`ps -o user`), not BSD letters.
		test: (_words, all) =>
			all.some(
				(word, at) =>
					/^[aAcCfhjlLmMnrsStTuvwxX]*e[aAcCefhjlLmMnrsStTuvwxX]*$/.test(word) &&
					!(all[at - 1] ?? '').startsWith('-'),
			),
		what: "prints other processes' environments, with every token they were given",
	},
	{
		programs: ['docker', 'podman'],
		test: (words, all) =>
			words[0] === 'inspect' && all.some((word) => /\.Config\.Env\b/.test(word)),
		what: "prints a container's environment, credentials among it",
	},
	{
		programs: [
			'docker-credential-desktop',
			'docker-credential-osxkeychain',
			'docker-credential-pass',
			'docker-credential-secretservice',
		],
		test: (words) => words[0] === 'get',
		what: 'prints a stored registry credential',
	},
];

const BY_PROGRAM = new Map<string, CredentialRule[]>();
for (const rule of RULES) {
	for (const program of rule.programs) {
		BY_PROGRAM.set(program, [...(BY_PROGRAM.get(program) ?? []), rule]);
	}
}

/** Programs whose credential-printing forms {@link credentialPrinter} reads. */
export const CREDENTIAL_PROGRAMS: ReadonlySet<string> = new Set(BY_PROGRAM.keys());

/**
 * Commands whose output is a credential (`gh auth token`, `printenv GITHUB_TOKEN`, `security find-generic-password
 * -w`): like reading a credential file, the secret would reach the model.
 */
export const credentialPrinter: ProgramModel = (call) => {
	const rule = BY_PROGRAM.get(call.name)?.find((candidate) =>
		candidate.test(wordsFromVerb(call.args, candidate.global), call.args),
	);
	return rule ? [call.effect({ kind: 'read', subject: 'credentials', action: rule.what })] : [];
};
