import { describe, expect, it } from 'vitest';

import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../../../src/core/provider/defaultHooksProvider';
import { explainCommandLine } from '../../../../src/core/provider/explainCommandLine';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { WORKSPACE } from '../../../support/hookEventBuilder';
import { analyze } from '../../../support/shellAnalyzer';

const HOME = '/home/dev';

async function explain(line: string): Promise<string> {
	const policy = compilePolicy(readPolicySettings([]).settings);
	const provider = new DefaultHooksProvider({
		policy: () => policy,
		homeDir: HOME,
		analyzeShell: (text) => analyze(text),
	});
	return explainCommandLine(line, 'bash', provider, policy, WORKSPACE);
}

describe('--explain prints the effects and the judge-table row behind each finding', () => {
	it('follows a link made earlier in the line to the folder a delete really empties', async () => {
		const text = await explain('ln -s ~ build && rm -rf build/');
		expect(text).toMatch(/effect: delete tree forced `build\/` → .*\/home\/dev.*is .*home/);
		expect(text).toMatch(
			/row destructiveCommands\.recursiveForceDelete \(delete × [a-zA-Z|]*home[a-zA-Z|]*: deny\) matched home \(the home folder\) → deny/,
		);
		expect(text).toMatch(/Verdict: deny \(rule destructiveCommands\.recursiveForceDelete/);
	});

	it('says how an effect was reached and how sure the reading is', async () => {
		const text = await explain(`python3 -c "import shutil; shutil.rmtree('/etc')"`);
		expect(text).toMatch(/effect: delete tree forced `\/etc`; is system \[interpreter, sure\]/);
	});

	it('names an unknown target as unknown, and the row that asks about it', async () => {
		const text = await explain('rm -rf "$(cat dirs.txt)"');
		expect(text).toMatch(/→ unknown before it runs/);
		expect(text).toMatch(/matched unknown \(.*\) → ask/);
	});

	it('shows an everyday line with its effects and no row', async () => {
		const text = await explain('rm -rf node_modules dist');
		expect(text).toMatch(/effect: delete tree forced `node_modules` → .*; is buildOutput/);
		expect(text).toContain('no row of the judge table matches');
		expect(text).toContain('Verdict: no opinion');
	});

	it('prints the traits the vocabulary gives each program, and the verb that decided', async () => {
		const text = await explain(
			'aws --profile prod-ops rds delete-db-instance --db-instance-identifier x',
		);
		expect(text).toMatch(
			/traits: .*service CLI \(verb after global options; with a value: .*--profile/,
		);
		expect(text).toMatch(
			/verbs: `delete` destroys, and `--profile prod-ops` takes a whole scope \(command path: rds delete-db-instance/,
		);
	});

	it('says why an everyday verb destroys nothing', async () => {
		const text = await explain('kubectl -n web delete pod api-1');
		expect(text).toMatch(
			/verbs: `delete pod` is everyday for this program, so nothing is destroyed/,
		);
	});

	it('says a program has no reading of its own', async () => {
		const text = await explain('frobnicate --level 3 data/');
		expect(text).toMatch(/traits: none; no reading of its own/);
	});
});
