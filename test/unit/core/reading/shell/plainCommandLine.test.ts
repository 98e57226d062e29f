import { beforeAll, describe, expect, it } from 'vitest';

import type { ShellAnalyzer } from '../../../../../src/core/reading/shell/commandLine';
import { plainCommandLine } from '../../../../../src/core/reading/shell/plainCommandLine';
import { shellAnalyzer } from '../../../../support/shellAnalyzer';

let grammar: ShellAnalyzer;
beforeAll(async () => {
	grammar = await shellAnalyzer();
});

describe('plainCommandLine', () => {
	it.each([
		'npm test',
		'git status --short',
		'sudo rm -rf /',
		'/bin/rm -fr build',
		'  ls -la src  ',
		'timeout 5 npm run build',
		'env FOO=1 make deploy',
		'sudo -u deploy git push -f origin +main',
		'xargs rm -rf',
		'nice -n 5 git clean -fdx',
		'git push origin +main:main',
		'dd if=/dev/zero of=/dev/sda bs=1M',
		'mkfs.ext4 /dev/sdb1',
		'rm\t-rf\tdist',
		'npx tsc --noEmit -p tsconfig.json',
		'cp a.txt .vscode/settings.json',
	])('reads %j exactly as the grammar does', (line) => {
		const plain = plainCommandLine(line, 'bash');
		expect(plain).toBeDefined();
		expect(plain).toEqual(grammar.analyze(line, 'bash'));
	});

	it.each([
		'echo "rm -rf /"',
		"bash -c 'rm -rf /'",
		'bash -c ls',
		'ls && rm -rf /',
		'ls | sh',
		'echo $(whoami)',
		'echo `id`',
		'FOO=1 npm test',
		'cat < in > out',
		'rm -rf *',
		'git reset --hard HEAD~1',
		'chmod 600 ~/.ssh/id_rsa',
		'echo {a,b}',
		'ls # comment',
		'a\nb',
		'',
		'   ',
	])('leaves %j to the grammar', (line) => {
		expect(plainCommandLine(line, 'bash')).toBeUndefined();
	});

	it('never reads PowerShell without its grammar', () => {
		expect(plainCommandLine('Remove-Item -Recurse -Force x', 'powershell')).toBeUndefined();
	});
});
