import { programsWith } from './vocabulary';

/** Programs that download what they are pointed at. */
export const DOWNLOADERS: ReadonlySet<string> = programsWith('downloads');

/** Each downloader's options that name the file it saves to. */
const OUTPUT_OPTIONS: Readonly<Record<string, readonly string[]>> = {
	curl: ['-o', '--output'],
	wget: ['-O', '--output-document'],
	aria2c: ['-o', '--out'],
	'invoke-webrequest': ['-outfile'],
	'invoke-restmethod': ['-outfile'],
};

/**
 * The value the word at `at` gives `option`: the next word, `--option=value`, a short option's glued `-ofile`, or the
 * next word after a cluster that ends in it (`-sSo file`).
 * PowerShell's parameters match in any case; curl's and wget's do not (`-o` and `-O` differ).
 */
function optionValue(
	option: string,
	args: readonly string[],
	at: number,
	anyCase: boolean,
): string | undefined {
	const word = args[at] ?? '';
	const spelled = anyCase ? word.toLowerCase() : word;
	if (spelled === option) {
		return args[at + 1];
	}
	if (option.startsWith('--') && spelled.startsWith(`${option}=`)) {
		return word.slice(option.length + 1);
	}
	if (option.length !== 2 || word.startsWith('--')) {
		return undefined;
	}
	// A cluster ending in the letter takes the next word (`-sSo file`); the letter first takes the rest (`-ofile`).
	if (new RegExp(`^-[A-Za-z]*${option[1] ?? ''}$`).test(spelled)) {
		return args[at + 1];
	}
	return spelled.startsWith(option) && word.length > 2 ? word.slice(2) : undefined;
}

/**
 * The file a download is saved to, when the words name one (`curl -o f`, `curl --output=f`, `wget -O f`,
 * `Invoke-WebRequest -OutFile f`); `-` (stdout) is no file.
 */
export function downloadTarget(name: string, args: readonly string[]): string | undefined {
	for (const option of OUTPUT_OPTIONS[name] ?? []) {
		for (let at = 0; at < args.length; at++) {
			const value = optionValue(option, args, at, name.startsWith('invoke-'));
			if (value !== undefined) {
				return value === '-' ? undefined : value;
			}
		}
	}
	return undefined;
}
