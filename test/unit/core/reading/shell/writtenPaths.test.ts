import { beforeAll, describe, expect, it } from 'vitest';
import type {
	ShellAnalyzer,
	ShellDialect,
} from '../../../../../src/core/reading/shell/commandLine';
import { writtenPaths } from '../../../../../src/core/reading/shell/writtenPaths';
import { shellAnalyzer } from '../../../../support/shellAnalyzer';

let analyzer: ShellAnalyzer;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
});

/** Every path written by any command of the line, in order. */
function written(line: string, dialect: ShellDialect = 'bash'): string[] {
	return analyzer.analyze(line, dialect).commands.flatMap((command) => writtenPaths(command));
}

describe('writtenPaths', () => {
	it.each<[string, string[], ShellDialect?]>([
		['echo hi > out.txt', ['out.txt']],
		['echo hi >> ~/.bashrc', ['~/.bashrc']],
		['make &> build.log', ['build.log']],
		['make >& build.log', ['build.log']],
		['echo x >| forced.txt', ['forced.txt']],
		['make 2> err.log', ['err.log']],
		['make > /dev/null 2>&1', []],
		['make 2>&1 >&-', []],
		['cat < in.txt', []],
		['echo "$(date)" > "$HOME/log"', ['$HOME/log']],
		['ls | tee -a a.log b.log', ['a.log', 'b.log']],
		['cp -r src dist', ['dist']],
		['cp a b c dir/', ['dir/']],
		['cp -t dir a b', ['dir']],
		['mv old.txt new.txt', ['old.txt', 'new.txt']],
		['install -m 755 tool /usr/local/bin/tool', ['/usr/local/bin/tool']],
		['install -d /opt/a /opt/b', ['/opt/a', '/opt/b']],
		['ln -sf target link', ['link']],
		['rsync -av -e ssh src/ host:dst/', ['host:dst/']],
		['touch a b', ['a', 'b']],
		['touch -d yesterday a', ['a']],
		['rm -rf build dist', ['build', 'dist']],
		['rm -- -f', ['-f']],
		['rmdir empty', ['empty']],
		['mkdir -p -m 700 a/b', ['a/b']],
		['truncate -s 0 log', ['log']],
		['chmod +x run.sh', ['run.sh']],
		['chown -R me:me dir', ['dir']],
		["sed -i 's/a/b/' f.txt", ['f.txt']],
		["sed -i.bak -e 's/a/b/' f.txt g.txt", ['f.txt', 'g.txt']],
		["sed --in-place 's/a/b/' f.txt", ['f.txt']],
		["sed 's/a/b/' f.txt", []],
		["perl -pi -e 's/a/b/' f.txt", ['f.txt']],
		["perl -ne 'print' f.txt", []],
		['dd if=/dev/zero of=disk.img bs=1M', ['disk.img']],
		['sudo tee /etc/hosts < hosts', ['/etc/hosts']],
		["bash -c 'echo x > inner.txt'", ['inner.txt']],
		['find . -exec touch {} +', ['{}']],
		['Set-Content -Path a.txt -Value x', ['a.txt'], 'powershell'],
		['Set-Content a.txt x', ['a.txt'], 'powershell'],
		['Add-Content -LiteralPath b.txt -Value x', ['b.txt'], 'powershell'],
		['"x" | Out-File -FilePath c.txt', ['c.txt'], 'powershell'],
		['"x" | Out-File c.txt -Append', ['c.txt'], 'powershell'],
		['New-Item -ItemType File -Path d.txt', ['d.txt'], 'powershell'],
		['New-Item -Path dir -Name e.txt', ['dir/e.txt'], 'powershell'],
		['ni f.txt', ['f.txt'], 'powershell'],
		['Remove-Item -Recurse -Force g', ['g'], 'powershell'],
		['del h.txt', ['h.txt'], 'powershell'],
		['Copy-Item a.txt -Destination backup/', ['backup/'], 'powershell'],
		['Copy-Item a.txt b.txt', ['b.txt'], 'powershell'],
		['cp a.txt b.txt', ['b.txt'], 'powershell'],
		['Move-Item -Path a.txt -Destination b.txt', ['a.txt', 'b.txt'], 'powershell'],
		['Get-Date > now.txt', ['now.txt'], 'powershell'],
		['Get-Date > $null', [], 'powershell'],
		['Get-Content a.txt', [], 'powershell'],
		['echo "rm -rf x > y"', []],
		['cat README.md', []],
	])('%j → %j', (line, expected, dialect) => {
		expect(written(line, dialect)).toEqual(expected);
	});
});
