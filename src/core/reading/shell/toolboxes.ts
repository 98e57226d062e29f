/*
 * Multicall programs that hold many tools and pick one by a word (`toybox rm`, `coreutils --coreutils-prog=rm`,
 * `cmake -E remove_directory`). Each toolbox is one entry: where its applet is named, and for toolboxes whose
 * applets have names of their own, the everyday program each applet does the work of. The applet is then read as
 * that program, so a delete through a toolbox is judged like the delete it is.
 */
import { programName } from './programName';

/** The words an applet stands for: the equivalent program and the options that say how it is called. */
type AppletMeaning = readonly string[];

/** How one toolbox names the tool it runs. */
interface Toolbox {
	/** An option whose value names the applet (`--coreutils-prog=rm`); otherwise the first word after the toolbox does. */
	readonly appletOption?: string;
	/** A word that must come before the applet (`cmake -E rm`), when the toolbox does other things without it. */
	readonly switch?: string;
	/** Applets whose names differ from the program they do the work of; absent: the applet is that program. */
	readonly applets?: Readonly<Record<string, AppletMeaning>>;
}

// `cmake -E <command>` (cmake(1), "Command-Line Tool Mode"): portable file commands for build scripts.
const CMAKE_APPLETS: Readonly<Record<string, AppletMeaning>> = {
	rm: ['rm'],
	remove: ['rm', '-f'],
	remove_directory: ['rm', '-rf'],
	rename: ['mv', '-f'],
	copy: ['cp', '-f'],
	copy_if_different: ['cp', '-f'],
	copy_directory: ['cp', '-rf'],
	copy_directory_if_different: ['cp', '-rf'],
	create_symlink: ['ln', '-sf'],
	create_hardlink: ['ln', '-f'],
	make_directory: ['mkdir', '-p'],
	touch: ['touch'],
	touch_nocreate: ['touch', '-c'],
	cat: ['cat'],
	tar: ['tar'],
	env: ['env'],
	true: ['true'],
	false: ['false'],
};

const TOOLBOXES: Readonly<Record<string, Toolbox>> = {
	toybox: {},
	// GNU's single binary takes the applet as an option; uutils' `coreutils rm …` takes it as the first word.
	coreutils: { appletOption: '--coreutils-prog' },
	cmake: { switch: '-E', applets: CMAKE_APPLETS },
};

/** The command a toolbox runs, and the folder it runs it in when the toolbox names one (`cmake -E chdir DIR cmd…`). */
export interface ToolboxCall {
	readonly argv: readonly string[];
	readonly cwd?: string;
}

/** The applet's own words, from the word that names it; `undefined` when this toolbox runs no applet here. */
function appletWords(argv: readonly string[], box: Toolbox): readonly string[] | undefined {
	const rest = argv.slice(1);
	if (box.switch !== undefined) {
		return rest[0] === box.switch && rest.length > 1 ? rest.slice(1) : undefined;
	}
	if (box.appletOption !== undefined) {
		const option = rest.findIndex((word) => word.startsWith(`${box.appletOption}=`));
		const named = rest[option]?.slice((box.appletOption ?? '').length + 1);
		if (named !== undefined && named !== '') {
			return [named, ...rest.slice(option + 1)];
		}
	}
	return rest.length > 0 && !(rest[0] ?? '').startsWith('-') ? rest : undefined;
}

/**
 * The command a toolbox call runs, as the program whose work its applet does (`cmake -E remove_directory d` is
 * `rm -rf d`, `toybox rm x` is `rm x`), or `undefined` when `argv` is no toolbox running an applet.
 */
export function toolboxApplet(argv: readonly string[]): ToolboxCall | undefined {
	const box = TOOLBOXES[programName(argv[0] ?? '')];
	const words = box && appletWords(argv, box);
	if (!box || !words) {
		return undefined;
	}
	const [applet = '', ...args] = words;
	if (box.applets === undefined) {
		return { argv: words };
	}
	if (applet === 'chdir' && args.length > 1) {
		return { argv: args.slice(1), cwd: args[0] ?? '' };
	}
	const meaning = box.applets[applet];
	return meaning === undefined ? undefined : { argv: [...meaning, ...args] };
}
