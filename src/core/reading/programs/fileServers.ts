import type { ProgramCall, ProgramModel } from './programModel';

/**
 * Static file servers run from npm, read by {@link fileServers}. Interpreters that serve files (`python3 -m
 * http.server`, `php -S`) keep no model of their own, since a model would hide the script they run: the reader of
 * unknown programs asks {@link fileServers} about them.
 */
export const FILE_SERVER_PROGRAMS = ['http-server', 'serve'] as const;

// Options of the Node static servers that take a value; their first other operand is the folder served.
const NODE_SERVER_VALUES = new Set([
	'-p',
	'--port',
	'-a',
	'--address',
	'-l',
	'--listen',
	'-c',
	'--config',
	'-C',
	'--cert',
	'-K',
	'--key',
	'-P',
	'--proxy',
	'-e',
	'--ext',
	'-t',
	'--timeout',
	'-u',
	'--username',
	'--password',
]);

/** The value of `-d DIR`-style options among `words`, the last one winning as in their parsers. */
function optionValue(words: readonly string[], names: readonly string[]): string | undefined {
	let value: string | undefined;
	words.forEach((word, index) => {
		const glued = names.find((name) => name.startsWith('--') && word.startsWith(`${name}=`));
		if (glued) {
			value = word.slice(glued.length + 1);
		} else if (names.includes(word)) {
			value = words[index + 1];
		}
	});
	return value;
}

/** The folder a call serves, or `undefined` when it serves none. */
function servedFolder(call: ProgramCall): string | undefined {
	const { name, args } = call;
	if (name.startsWith('python') || name === 'py') {
		const module = args.indexOf('-m');
		if (module < 0 || args[module + 1] !== 'http.server') {
			return undefined;
		}
		return optionValue(args.slice(module + 2), ['-d', '--directory']) ?? '.';
	}
	if (name === 'php') {
		return args.some((word) => word === '-S' || /^-S./.test(word))
			? (optionValue(args, ['-t']) ?? '.')
			: undefined;
	}
	if (!(FILE_SERVER_PROGRAMS as readonly string[]).includes(name)) {
		return undefined;
	}
	for (let index = 0; index < args.length; index++) {
		const word = args[index] ?? '';
		if (NODE_SERVER_VALUES.has(word)) {
			index++;
		} else if (!word.startsWith('-')) {
			return word;
		}
	}
	return '.';
}

/**
 * Servers that hand a folder's files to whoever connects (`python3 -m http.server --directory ~`, `php -S … -t ~`,
 * `npx http-server ~`): every file under the folder is sent, as a recursive upload would send it. Serving the
 * workspace or a build folder is an everyday preview.
 */
export const fileServers: ProgramModel = (call) => {
	const folder = servedFolder(call);
	return folder === undefined
		? []
		: [call.effect({ kind: 'send', path: folder, tree: true, action: 'serves over the network' })];
};
