/*
 * A program's traits in words, for `--explain`: what the vocabulary says the program is, so a person sees which
 * reading a sub-command got (and why an unknown program got none).
 */
import type { OptionGrammar } from './optionGrammar';
import type { ProgramTraits } from './vocabulary';

/** Options of a grammar that take a value, as they are written (`-n`, `--namespace`), the first few. */
function valueOptions(grammar: OptionGrammar | undefined): string {
	const options = [
		...[...(grammar?.shortValues ?? '')].map((letter) => `-${letter}`),
		...(grammar?.longValues ?? []).map((name) => `--${name}`),
	];
	const shown = options.slice(0, 6).join(' ');
	return options.length > 6 ? `${shown} …` : shown;
}

/** Each declared trait as a phrase, in the vocabulary's order. */
const PHRASES: {
	readonly [K in keyof ProgramTraits]-?: (value: NonNullable<ProgramTraits[K]>) => string;
} = {
	reads: () => 'reads files',
	writes: () => 'writes files',
	deletes: () => 'deletes files',
	output: () => 'writes where an output option says',
	inPlace: (how) => `edits in place (${how})`,
	inert: () => 'takes its words as data',
	textSink: () => 'takes what it is fed as data',
	sends: (how) => `sends over the network (${how})`,
	downloads: () => 'downloads',
	shell: (kind) => `${kind} shell`,
	interpreter: ({ language, codeOptions }) =>
		`${language} interpreter${codeOptions.length > 0 ? ` (code in ${codeOptions.join(' ')})` : ''}`,
	runsCommands: (how) => `runs commands (${how})`,
	service: (service) =>
		service.rulesOnly
			? 'service CLI, read by its own rules'
			: `service CLI${service.global ? ` (verb after global options; with a value: ${valueOptions(service.global)})` : ''}`,
	dataStore: () => 'data-store client',
	packageManager: () => 'package manager',
	projectRunner: () => "runs the project's own code",
	printsCredentials: () => 'may print credentials',
	opensDatabaseFiles: () => 'opens database files',
	servesFiles: () => 'serves files',
	setsPersistentEnvironment: () => 'sets variables for later sessions',
	schedules: () => 'schedules commands',
	editor: () => "an editor's command line",
	erasesDisks: () => 'erases disks',
	controlsMachine: () => 'controls the machine',
	archives: () => 'packs or unpacks archives',
};

/** A program's traits as phrases (`service CLI (…)`, `package manager`); an empty list for no traits. */
export function traitWords(traits: ProgramTraits | undefined): string[] {
	if (!traits) {
		return [];
	}
	return (Object.keys(PHRASES) as (keyof ProgramTraits)[]).flatMap((trait) => {
		const value = traits[trait];
		const phrase = PHRASES[trait] as (value: unknown) => string;
		return value === undefined ? [] : [phrase(value)];
	});
}
