import { programName } from '../shell/programName';

/**
 * Programs that take other programs' names or paths as data, or only look at a path's name or metadata: their words
 * are neither run nor read.
 */
export const INERT: ReadonlySet<string> = new Set([
	'echo',
	'printf',
	'print',
	'which',
	'whereis',
	'whence',
	'type',
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
	'ssh',
	'ssh-add',
	'mosh',
	'code',
	'code-insiders',
	'cursor',
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
]);

/** Package managers: `apt install git` names a package, not a command to run. */
const PACKAGE_MANAGERS =
	/^(?:apt|apt-get|aptitude|yum|dnf|zypper|pacman|apk|brew|port|snap|flatpak|pip\d*|pipx|npm|pnpm|yarn|cargo|go|gem|composer|nix-env|choco|winget|scoop|conda|mamba|dotnet)$/;
const PACKAGE_VERBS =
	/^(?:install|i|add|remove|uninstall|rm|info|show|search|list|update|upgrade|outdated|view|why|doctor|reinstall|purge|-S|-R|-Q)$/;

/** Whether a package manager call only names packages (`apt install git`), rather than running a command. */
export function isPackageQuery(argv: readonly string[]): boolean {
	return PACKAGE_MANAGERS.test(programName(argv[0] ?? '')) && PACKAGE_VERBS.test(argv[1] ?? '');
}
