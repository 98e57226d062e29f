import { programName } from '../shell/programName';
import { programsWith, traitsOf } from './vocabulary';

/**
 * Programs that take other programs' names or paths as data, or only look at a path's name or metadata: their words
 * are neither run nor read.
 */
export const INERT: ReadonlySet<string> = programsWith('inert');

const PACKAGE_VERBS =
	/^(?:install|i|add|remove|uninstall|rm|info|show|search|list|update|upgrade|outdated|view|why|doctor|reinstall|purge|-S|-R|-Q)$/;

/** Whether a package manager call only names packages (`apt install git`), rather than running a command. */
export function isPackageQuery(argv: readonly string[]): boolean {
	return (
		traitsOf(programName(argv[0] ?? ''))?.packageManager === true &&
		PACKAGE_VERBS.test(argv[1] ?? '')
	);
}
