/**
 * The command `forfiles [/P folder] [/M mask] [/S] [/C "command"]` runs once per file it finds, with `@path`,
 * `@file`, `@relpath` and `@fname` standing for that file: as one command line whose placeholders are every file it
 * may find (under the folder at any depth with `/S`, directly in it without), slashes turned forward. `undefined`
 * when `argv` is not forfiles.
 */
export function forfilesCommand(argv: readonly string[]): string | undefined {
	if (!/^forfiles(?:\.exe)?$/i.test(argv[0] ?? '')) {
		return undefined;
	}
	let folder = '.';
	let mask = '*';
	let recursive = false;
	let command = 'cmd /c echo @file';
	for (let index = 1; index < argv.length; index++) {
		const option = (argv[index] ?? '').toLowerCase().replace(/^-/, '/');
		const value = argv[index + 1];
		if (option === '/s') {
			recursive = true;
		} else if (value !== undefined && ['/p', '/m', '/c', '/d'].includes(option)) {
			folder = option === '/p' ? value : folder;
			mask = option === '/m' ? value : mask;
			command = option === '/c' ? value : command;
			index++;
		}
	}
	const base = folder.replace(/\\/g, '/').replace(/\/+$/, '');
	const each = recursive ? `${base}/**/${mask}` : `${base}/${mask}`;
	return command.replace(/0x22/gi, '"').replace(/@(?:path|file|relpath|fname)\b/gi, each);
}
