import { pathInside } from '../../paths/pathMath';
import { isBrowserStore } from './browserStores';

/**
 * File names that usually hold credentials, as written (compared lower-case). Kept apart from the patterns below: one
 * regular expression holding every name cost about a millisecond to compile and again to tier up, in every bridge
 * call that judges a path.
 */
const SECRET_NAMES: ReadonlySet<string> = new Set([
	'.envrc',
	'.envrc.local',
	'.secret',
	'.secrets',
	'.s3cfg',
	'.boto',
	'.databrickscfg',
	'.zhistory',
	'.npmrc',
	'.pypirc',
	'.netrc',
	'_netrc',
	'.git-credentials',
	'.vault-token',
	'.pgpass',
	'.my.cnf',
	'.dockercfg',
	'credentials',
	'credentials.json',
	'credentials.toml',
	'credentials.db',
	'application_default_credentials.json',
	'terraform.tfstate',
	'terraform.tfstate.backup',
	...['rsa', 'dsa', 'ecdsa', 'ed25519'].flatMap((key) => [`id_${key}`, `id_${key}_sk`]),
	...['bash', 'zsh', 'sh', 'ksh', 'psql', 'mysql', 'rediscli'].map((shell) => `.${shell}_history`),
]);

/**
 * File names that usually hold credentials by their shape (lower-case): `.env` and its variants but not its
 * templates (`.env.example`), `prod.env`, `secrets.yaml`, `client_secret_x.json`, service-account keys, key stores.
 */
const SECRET_NAME_SHAPE =
	/^(?:\.env(?:\.(?!example$|sample$|template$|dist$|defaults?$|schema$|example\.|sample\.)[\w.-]+)?|(?!(?:example|sample|template)\.)[\w-][\w.-]*\.env|secrets?\.(?:json|ya?ml|toml|ini|env|txt)|(?:client_secrets?|service[-_]account)[\w.-]*\.json|[\w.-]+\.(?:pem|key|p12|pfx|keystore|jks|ppk|kdbx|tfvars))$/;

/** Whether a file name (no folder) is one that usually holds credentials (`.env.local`, `id_rsa`, `server.key`). */
export function isSecretName(name: string): boolean {
	const lower = name.toLowerCase();
	return SECRET_NAMES.has(lower) || SECRET_NAME_SHAPE.test(lower);
}

/** Folders under home whose whole content is credentials or keys (or which hold them among other files). */
const SECRET_FOLDERS = [
	'.ssh',
	'.aws',
	'.gnupg',
	'.kube',
	'.azure',
	'.password-store',
	'.docker',
	'.codex',
	'.config/gh',
	'.config/gcloud',
	'.config/github-copilot',
	'.local/share/keyrings',
	'Library/Keychains',
	'.terraform.d',
];

/** Files under home known by their folder as well as their name (`~/.kube/config`, `~/.codex/auth.json`). */
const SECRET_IN_HOME =
	/^(?:\.aws\/(?:credentials|config)|\.docker\/config\.json|\.kube\/config|\.codex\/auth\.json|\.claude\/\.credentials\.json|\.config\/gh\/hosts\.ya?ml|\.config\/github-copilot\/(?:hosts|apps)\.json|\.config\/gcloud\/.+|\.azure\/.+|\.gnupg\/.+|\.password-store\/.+|\.local\/share\/keyrings\/.+|\.cargo\/credentials(?:\.toml)?|\.gem\/credentials|\.terraform\.d\/credentials\.tfrc\.json|\.config\/hub|\.config\/rclone\/rclone\.conf|\.config\/doctl\/config\.yaml|\.oci\/config|\.m2\/settings(?:-security)?\.xml|\.gradle\/gradle\.properties|(?:\.config\/)?\.?composer\/auth\.json|\.ssh\/id_[^/]*(?<!\.pub)|Library\/Keychains\/.+)$/;

/** Sample credential paths under home, so a glob or a folder can be tested for what it may reach. */
export const SECRET_SAMPLES_IN_HOME: readonly string[] = [
	'.ssh/id_rsa',
	'.ssh/id_ed25519',
	'.aws/credentials',
	'.kube/config',
	'.docker/config.json',
	'.codex/auth.json',
	'.claude/.credentials.json',
	'.config/gh/hosts.yml',
	'.gnupg/private-keys-v1.d/key.key',
	'.netrc',
	'.npmrc',
	'.git-credentials',
	'.pgpass',
];

/** Sample credential paths in a workspace. */
export const SECRET_SAMPLES_IN_WORKSPACE: readonly string[] = [
	'.env',
	'.env.local',
	'config/.env.production',
];

/** The system's password hashes and host private keys (`/etc/shadow`, `/etc/ssh/ssh_host_ed25519_key`). */
const SYSTEM_SECRET =
	/^\/etc\/(?:shadow|gshadow|master\.passwd|spwd\.db)-?$|^\/etc\/ssh\/ssh_host_\w+_key$|^\/etc\/ssl\/private\/./;

/** A process's environment as Linux shows it: every token the process was started with. */
const PROCESS_ENVIRONMENT =
	/^\/proc\/(?:\d+|self|thread-self|\*|\$\$|\$\{\$\}|\$BASHPID|\$PPID|\$\{PPID\})\/(?:task\/[^/]+\/)?environ$/;

/** Sample credential paths outside home, so a glob over every process's environment can be tested for what it may reach. */
export const SECRET_SAMPLES_ON_SYSTEM: readonly string[] = [
	'/proc/1/environ',
	'/proc/1/task/1/environ',
	'/etc/shadow',
	'/etc/ssh/ssh_host_ed25519_key',
];

/** Whether an absolute path names a file (or folder) that usually holds credentials. */
export function isSecretPath(path: string, home: string | undefined): string | undefined {
	if (PROCESS_ENVIRONMENT.test(path)) {
		return "it is a process's environment, with every token the process was given";
	}
	if (SYSTEM_SECRET.test(path)) {
		return 'it holds the password hashes or private keys of the machine';
	}
	const name = path.slice(path.lastIndexOf('/') + 1);
	if (isSecretName(name)) {
		return `'${name}' usually holds credentials`;
	}
	const inHome = home ? pathInside(path, home) : undefined;
	if (inHome === undefined || inHome === '') {
		return undefined;
	}
	if (SECRET_IN_HOME.test(inHome) || isBrowserStore(inHome)) {
		return 'it holds credentials or keys';
	}
	return SECRET_FOLDERS.includes(inHome) ? 'the folder holds credentials or keys' : undefined;
}

/**
 * Files under home that make programs run later without a hook call: shell startup files, git's and ssh's config,
 * user services and the folders on `PATH` (a program put there shadows the real one).
 */
const STARTUP_IN_HOME =
	/^(?:\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|zlogout|cshrc|tcshrc|kshrc|mkshrc|inputrc|pam_environment|gitconfig|xprofile|xinitrc|xsessionrc)|\.config\/(?:fish\/.+|git\/config|environment\.d\/.+|autostart\/.+|systemd\/user\/.+|nushell\/.+|powershell\/.+)|\.ssh\/(?:config|authorized_keys\d?|rc|environment)|\.local\/bin(?:\/.+)?|bin(?:\/.+)?|Library\/LaunchAgents\/.+|Documents\/(?:Windows)?PowerShell\/.+)$/;

/**
 * Files in a workspace that tools run on their own (`direnv`'s `.envrc`, husky's git hooks) or whose commands run
 * when its dev container is built (`devcontainer.json`'s `initializeCommand` runs on this machine).
 */
const STARTUP_IN_WORKSPACE =
	/^(?:.+\/)?(?:\.envrc|\.husky\/.+|\.devcontainer\.json|\.devcontainer\/(?:.+\/)?devcontainer\.json)$/;

/** Why an absolute path makes programs run later without a hook call, or `undefined`. */
export function isStartupPath(
	path: string,
	home: string | undefined,
	workspace: string | undefined,
): string | undefined {
	const inHome = home ? pathInside(path, home) : undefined;
	if (inHome !== undefined && STARTUP_IN_HOME.test(inHome)) {
		return 'programs run it (or from it) later without a hook call';
	}
	const inWorkspace = workspace ? pathInside(path, workspace) : undefined;
	return inWorkspace !== undefined && STARTUP_IN_WORKSPACE.test(inWorkspace)
		? 'a tool runs it on its own, without a hook call'
		: undefined;
}
