import { describe, expect, it } from 'vitest';

import type { Effect } from '../../../../../src/core/terms/effect';
import { lineEffects } from '../../../../../src/core/reading/effects/lineEffects';
import type { ShellDialect } from '../../../../../src/core/reading/shell/commandLine';
import { analyze } from '../../../../support/shellAnalyzer';

/** An effect in one short line: `kind[ tree] target`. */
function summary(effect: Effect): string {
	return `${effect.kind}${effect.tree ? ' tree' : ''} ${effect.path ?? effect.subject ?? ''}`;
}

async function effectsOf(line: string, dialect: ShellDialect): Promise<string[]> {
	return lineEffects((await analyze(line, dialect)).commands).map(summary);
}

/** [line, effects it must have, effects it must not have]. */
type Row = readonly [line: string, present: readonly string[], absent?: readonly string[]];

const IN_POWERSHELL: Readonly<Record<string, readonly Row[]>> = {
	"cmd's copy and move programs": [
		['cmd /c "copy /y D:\\in\\a.txt docs\\a.txt"', ['read D:/in/a.txt', 'write docs/a.txt']],
		['cmd /c copy a.txt+b.txt all.txt', ['read a.txt', 'read b.txt', 'write all.txt']],
		['xcopy /e /i D:\\in docs\\out', ['read tree D:/in', 'write tree docs/out']],
		[
			'robocopy D:\\in docs\\out /E',
			['read tree D:/in', 'write tree docs/out'],
			['delete tree docs/out'],
		],
		['robocopy D:\\in docs\\out /MIR', ['delete tree docs/out']],
		['robocopy D:\\in docs\\out /PURGE /XD tmp', ['delete tree docs/out']],
		['robocopy D:\\in docs\\out /MOVE', ['move tree D:/in']],
		['cmd /c move D:\\in\\a.txt docs\\', ['move tree D:/in/a.txt', 'write tree docs/']],
		['cmd /c ren docs\\a.txt b.txt', ['move tree docs/a.txt', 'write tree docs/b.txt']],
	],
	'a command forfiles runs per file': [
		['forfiles /p D:\\logs /s /m *.log /c "cmd /c del @path"', ['delete D:/logs/**/*.log']],
	],
	'access lists and ownership': [
		['icacls D:\\data /grant Everyone:F /T', ['chmod tree D:/data']],
		['icacls D:\\data /save acl.txt', [], ['chmod D:/data']],
		['takeown /f D:\\data /r /d y', ['chmod tree D:/data']],
	],
	'statements and calls that are no command': [
		["'x' > notes.txt", ['write notes.txt']],
		['$v >> log.txt', ['write log.txt']],
		['[IO.Directory]::Delete($HOME, $true)', ['delete tree $HOME']],
		["$p = 'docs\\a.txt'; [IO.File]::Delete($p)", ['delete docs/a.txt']],
		[
			"(New-Object -ComObject Scripting.FileSystemObject).DeleteFolder('D:\\data')",
			['delete tree D:/data'],
		],
		[
			"$f = New-Object -ComObject Scripting.FileSystemObject; $f.CopyFile('a.txt', 'b.txt')",
			['read a.txt', 'write b.txt'],
		],
	],
	'code built from strings and names given new meanings': [
		["& ([scriptblock]::Create('Remove-Item -Recurse D:\\data'))", ['delete tree D:/data']],
		["iex ('Remove-Item -Recurse ' + 'D:\\data')", ['delete tree D:/data']],
		['Set-Alias dir Remove-Item; dir -Recurse D:\\data', ['delete tree D:/data']],
		['New-Alias -Name zap -Value Remove-Item; ZAP D:\\data\\a.txt', ['delete D:/data/a.txt']],
	],
	'archives, backups, distributions and cloud resources': [
		['Expand-Archive in.zip -DestinationPath docs', ['read in.zip', 'write tree docs']],
		['Expand-Archive D:\\in\\pack.zip', ['write tree pack']],
		['wbadmin delete systemstatebackup -keepVersions:0', ['deviceWrite machine']],
		['wsl --unregister Debian', ['deviceWrite machine']],
		['Remove-AzStorageAccount -Name s -ResourceGroupName g', ['serviceDataLoss serviceData']],
		['Remove-EC2Instance -InstanceId i-1 -Force', ['serviceDataLoss serviceData']],
		['Remove-MgGroup -GroupId x', ['serviceDataLoss serviceData']],
		['Remove-AzVM -Name v -WhatIf', [], ['serviceDataLoss serviceData']],
		['Remove-Item notes.txt', [], ['serviceDataLoss serviceData']],
	],
};

describe.each(Object.entries(IN_POWERSHELL))('PowerShell: %s', (_kind, rows) => {
	const cases = rows.map(([line, present, absent = []]) => ({ line, present, absent }));
	it.each(cases)('$line', async ({ line, present, absent }) => {
		const effects = await effectsOf(line, 'powershell');
		for (const effect of present) {
			expect(effects).toContain(effect);
		}
		for (const effect of absent) {
			expect(effects).not.toContain(effect);
		}
	});
});

describe('cmd names that Unix programs share', () => {
	it('reads a Perl rename as no cmd rename', async () => {
		expect(await effectsOf("rename 's/a/b/' *.txt", 'bash')).not.toContain('move tree s/a/b/');
	});
	it('runs what `wsl` is given, but not its own verbs', async () => {
		expect(await effectsOf('wsl -e rm -rf /srv', 'bash')).toContain('delete tree /srv');
		expect(await effectsOf('wsl --list --verbose', 'bash')).toEqual([]);
	});
});
