import { beforeAll, describe, expect, it } from 'vitest';
import type { ShellAnalyzer } from '../../../../../src/core/reading/shell/commandLine';
import { shellAnalyzer } from '../../../../support/shellAnalyzer';

let analyzer: ShellAnalyzer;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
});

/** `origin: argv…` per command of a bash line, argv words joined by `·`. */
function run(line: string): string[] {
	return analyzer
		.analyze(line, 'bash')
		.commands.map((command) => `${command.origin}: ${command.argv.join('·')}`);
}

describe('commands a runner runs, read from where the line carries them', () => {
	it.each<[string, string]>([
		["git rebase --exec 'shred -u notes' HEAD~2", 'shellString: shred·-u·notes'],
		['git bisect run shred -u notes', 'exec: shred·-u·notes'],
		["git submodule foreach 'shred -u notes'", 'shellString: shred·-u·notes'],
		["make --eval 'go: ; shred -u notes' go", 'shellString: shred·-u·notes'],
		["printf 'go:\\n\\tshred -u notes\\n' | make -f -", 'pipedScript: shred·-u·notes'],
		["printf 'go:\\n\\tshred -u notes\\n' > ci.mk && make -f ci.mk", 'shellString: shred·-u·notes'],
		["make -f <(printf 'go:\\n\\tshred -u notes\\n')", 'shellString: shred·-u·notes'],
		["echo 'shred -u notes' | at midnight", 'pipedScript: shred·-u·notes'],
		["echo 'shred -u notes' > job; at -f job midnight", 'shellString: shred·-u·notes'],
		['emacs -batch -eval \'(shell-command "shred -u notes")\'', 'shellString: shred·-u·notes'],
		["ls | entr -s 'shred -u notes'", 'shellString: shred·-u·notes'],
		['cmake -E remove_directory out', 'line: rm·-rf·out'],
		['awk \'BEGIN { print "shred -u notes" | "bash" }\'', 'pipedScript: shred·-u·notes'],
		['perl -e \'system "shred", "-u", "notes"\'', 'interpreter: shred·-u·notes'],
		["npm pkg set 'scripts.go=shred -u notes' && npm run go", 'shellString: shred·-u·notes'],
		["npm set-script go 'shred -u notes'; npm run go", 'shellString: shred·-u·notes'],
	])('%j', (line, expected) => {
		expect(run(line)).toContain(expected);
	});

	it('reads nothing more for runners given everyday jobs of their own', () => {
		expect(run('make -j4 all')).toEqual(['line: make·-j4·all']);
		expect(run('at -l')).toEqual(['line: at·-l']);
		expect(run('npm run build')).toEqual(['line: npm·run·build']);
	});
});

describe('scripts that reach a shell by another spelling', () => {
	it.each<[string, string]>([
		["bash /dev/stdin <<< 'shred -u notes'", 'heredoc: shred·-u·notes'],
		["echo 'shred -u notes' | sh /proc/self/fd/0", 'pipedScript: shred·-u·notes'],
		[
			'python3 /dev/stdin <<< \'import os; os.system("shred -u notes")\'',
			'interpreter: shred·-u·notes',
		],
		["BASH_ENV=<(echo 'shred -u notes') bash -c true", 'shellString: shred·-u·notes'],
		["echo 'shred -u notes' > go.sh; chmod +x go.sh; ./go.sh", 'shellString: shred·-u·notes'],
		['echo c2hyZWQgLXUgbm90ZXM= | base64 -d > go.sh; sh go.sh', 'shellString: shred·-u·notes'],
		["echo 'shred -u notes' | tee go.sh >/dev/null; . ./go.sh", 'shellString: shred·-u·notes'],
	])('%j', (line, expected) => {
		expect(run(line)).toContain(expected);
	});

	it('keeps a script file that is not stdin as the program that reads its stdin', () => {
		expect(run("bash build.sh <<< 'input data'")).toEqual(['line: bash·build.sh']);
	});
});
