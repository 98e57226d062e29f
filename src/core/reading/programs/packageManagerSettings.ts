import { wordsFromVerb } from './optionGrammar';
import type { ProgramModel } from './programModel';

/**
 * Settings that choose what a package manager runs, or where the packages (and their install scripts) it runs come
 * from: npm's script shell and registry, yarn's `yarnPath` (a file yarn runs as itself), pip's index. After one of
 * these, every later `npm test` or `pip install` runs code no hook call shows.
 */
const KEYS_THAT_RUN_CODE: Readonly<Record<string, RegExp>> = {
	npm: /^(?:script-shell|shell|node-options|registry|@[\w.-]+:registry|git|prefix|globalconfig|userconfig|init-module|onload-script)$/i,
	pnpm: /^(?:script-shell|shell|node-options|registry|@[\w.-]+:registry|git|prefix|global-dir|global-bin-dir)$/i,
	yarn: /^(?:yarnpath|npmregistryserver|npmscopes\..+|registry|plugins|injectenvironmentfiles)$/i,
	pip: /^(?:[\w-]+\.)?(?:index-url|extra-index-url|find-links|trusted-host|no-index)$/i,
};

/** npm's lifecycle scripts: they run on `npm install`, `npm publish` and friends, which show only the npm command. */
const LIFECYCLE_SCRIPT =
	/^scripts\.(?:pre|post)?(?:install|uninstall|prepare|pack|publish|prepublishonly|dependencies)$/i;

function familyOf(name: string): string {
	return name === 'pip3' ? 'pip' : name;
}

/** The keys `config set K V`, `config set K=V` or `set K=V` writes (npm takes several pairs at once). */
function keysSet(words: readonly string[]): string[] {
	const pairs = words.filter((word) => !word.startsWith('-'));
	if (pairs.some((word) => word.includes('='))) {
		return pairs
			.filter((word) => word.includes('='))
			.map((word) => word.slice(0, word.indexOf('=')));
	}
	return pairs.length >= 2 && pairs[0] !== undefined ? [pairs[0]] : [];
}

/** Words after the verb pair that sets: `config set`, `set` (npm, pnpm), `pkg set` (npm's package.json fields). */
function settingWords(
	words: readonly string[],
): { readonly where: 'config' | 'pkg'; readonly rest: readonly string[] } | undefined {
	const [first, second] = words;
	if (first === 'config' && second === 'set') {
		return { where: 'config', rest: words.slice(2) };
	}
	if (first === 'set') {
		return { where: 'config', rest: words.slice(1) };
	}
	if (first === 'pkg' && second === 'set') {
		return { where: 'pkg', rest: words.slice(2) };
	}
	return undefined;
}

/** Programs whose settings {@link packageManagerSettings} reads. */
export const PACKAGE_MANAGER_PROGRAMS: readonly string[] = ['npm', 'pnpm', 'yarn', 'pip', 'pip3'];

/** `npm config set script-shell …`, `pip config set global.index-url …`, `npm pkg set scripts.postinstall=…`. */
export const packageManagerSettings: ProgramModel = (call) => {
	const family = familyOf(call.name);
	const setting = settingWords(wordsFromVerb(call.args));
	if (!setting || (setting.where === 'pkg' && family !== 'npm')) {
		return [];
	}
	const pattern = setting.where === 'pkg' ? LIFECYCLE_SCRIPT : KEYS_THAT_RUN_CODE[family];
	const key = pattern && keysSet(setting.rest).find((candidate) => pattern.test(candidate));
	if (key === undefined) {
		return [];
	}
	return [
		call.effect({
			kind: 'configExec',
			subject: 'runtimeCode',
			action:
				setting.where === 'pkg'
					? `sets the \`${key}\` script, which npm runs on install without showing it to a hook call`
					: `sets ${call.name}'s \`${key}\`, which decides what its later commands run or install`,
		}),
	];
};
