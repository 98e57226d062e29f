import { beforeAll, describe, expect, it } from 'vitest';
import type {
	CommandLineAnalysis,
	ShellAnalyzer,
	ShellDialect,
} from '../../../../../src/core/reading/shell/commandLine';
import { shellAnalyzer } from '../../../../support/shellAnalyzer';

let analyzer: ShellAnalyzer;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
});

/** One readable line per command: `origin: argv…` with `[wrappers]` and `#pipeline.stage` when present; argv words joined by `·`. */
function summary(analysis: CommandLineAnalysis): string[] {
	return analysis.commands.map((command) => {
		const wrappers = command.wrappers.length > 0 ? ` [${command.wrappers.join(' ')}]` : '';
		const pipeline = command.pipeline ? ` #${command.pipeline.id}.${command.pipeline.stage}` : '';
		return `${command.origin}: ${command.argv.join('·')}${wrappers}${pipeline}`;
	});
}

function run(line: string, dialect: ShellDialect = 'bash'): string[] {
	return summary(analyzer.analyze(line, dialect));
}

describe('splitting into simple commands', () => {
	it.each<[string, string[]]>([
		['ls', ['line: ls']],
		['a && b || c; d & e', ['line: a', 'line: b', 'line: c', 'line: d', 'line: e']],
		['a\nb\n\nc', ['line: a', 'line: b', 'line: c']],
		['(cd x && make); { echo a; }', ['line: cd·x', 'line: make', 'line: echo·a']],
		[
			'if test -f x; then rm x; else touch x; fi',
			['line: test·-f·x', 'line: rm·x', 'line: touch·x'],
		],
		// The loop variable takes each value the line lists.
		['for f in *.ts; do wc -l "$f"; done', ['line: wc·-l·*.ts']],
		['for d in a b; do rm "$d"; done', ['line: rm·a', 'line: rm·b']],
		['while read l; do echo "$l"; done < in.txt', ['line: read·l', 'line: echo·$l']],
		['case $x in a) echo a;; *) echo b;; esac', ['line: echo·a', 'line: echo·b']],
		['! grep -q x f', ['line: grep·-q·x·f']],
		["echo \"a b\" 'c d' e\\ f $'g\\th'", ['line: echo·a b·c d·e f·g\th']],
		['"/bin/rm" x', ['line: /bin/rm·x']],
	])('%j', (line, expected) => {
		expect(run(line)).toEqual(expected);
	});
});

describe('pipelines', () => {
	it.each<[string, string[]]>([
		['a | b | c', ['line: a #0.0', 'line: b #0.1', 'line: c #0.2']],
		['a |& b; c | d', ['line: a #0.0', 'line: b #0.1', 'line: c #1.0', 'line: d #1.1']],
		['a | (b && c)', ['line: a #0.0', 'line: b #0.1', 'line: c #0.1']],
		['x=$(a | b)', ['substitution: a #0.0', 'substitution: b #0.1']],
	])('%j', (line, expected) => {
		expect(run(line)).toEqual(expected);
	});
});

describe('wrappers are peeled', () => {
	it.each<[string, string[]]>([
		['sudo rm -rf /', ['line: rm·-rf·/ [sudo]']],
		['sudo -u www -H rm x', ['line: rm·x [sudo]']],
		['sudo --user=www rm x', ['line: rm·x [sudo]']],
		['sudo FOO=1 rm x', ['line: rm·x [sudo]']],
		['doas -u root rm x', ['line: rm·x [doas]']],
		['env -i PATH=/bin FOO=2 rm x', ['line: rm·x [env]']],
		['env -u HOME -- rm x', ['line: rm·x [env]']],
		["env -S 'rm -rf x'", ['line: rm·-rf·x [env]']],
		['nice -n 5 rm x', ['line: rm·x [nice]']],
		['nice -5 rm x', ['line: rm·x [nice]']],
		['nohup rm x &', ['line: rm·x [nohup]']],
		['timeout 5 rm x', ['line: rm·x [timeout]']],
		['timeout -s KILL -k 2 5s rm x', ['line: rm·x [timeout]']],
		['time -p rm x', ['line: rm·x [time]']],
		['command rm x', ['line: rm·x [command]']],
		['builtin echo x', ['line: echo·x [builtin]']],
		['exec -a name rm x', ['line: rm·x [exec]']],
		['stdbuf -oL -e 0 rm x', ['line: rm·x [stdbuf]']],
		['ionice -c 3 rm x', ['line: rm·x [ionice]']],
		['/usr/bin/sudo /usr/bin/env nice rm x', ['line: rm·x [/usr/bin/sudo /usr/bin/env nice]']],
		['FOO=1 BAR="a b" rm x', ['line: rm·x']],
		['command -v rm', ['line: command·-v·rm']],
		['sudo -l', ['line: sudo·-l']],
		['env', ['line: env']],
	])('%j', (line, expected) => {
		expect(run(line)).toEqual(expected);
	});
});

describe('xargs and find -exec', () => {
	it.each<[string, string[]]>([
		// A job runner's command is its own sub-command, reached through it; input it cannot see stays `{}`.
		['ls | xargs rm', ['line: ls #0.0', 'line: xargs·rm #0.1', 'xargs: rm']],
		[
			'find . | xargs -0 -n 1 -I{} sudo rm -rf {}',
			[
				'line: find·. #0.0',
				'line: xargs·-0·-n·1·-I{}·sudo·rm·-rf·{} #0.1',
				'xargs: rm·-rf·{} [sudo]',
			],
		],
		['xargs -a list.txt -d "\\n" rm', ['line: xargs·-a·list.txt·-d·\\n·rm', 'xargs: rm']],
		['echo a b | xargs rm', ['line: echo·a·b #0.0', 'line: xargs·rm #0.1', 'xargs: rm·a·b']],
		// `{}` under find is what it matched: everything below its start paths, or what its name filter allows.
		[
			'find . -name "*.o" -exec rm -f {} \\;',
			['line: find·.·-name·*.o·-exec·rm·-f·{}·;', 'exec: rm·-f·./**/*.o'],
		],
		[
			'find . -exec chmod 644 {} + -execdir sudo rm {} ";"',
			[
				'line: find·.·-exec·chmod·644·{}·+·-execdir·sudo·rm·{}·;',
				'exec: chmod·644·./**',
				'exec: rm·./** [sudo]',
			],
		],
		['find . -ok rm {} \\;', ['line: find·.·-ok·rm·{}·;', 'exec: rm·./**']],
	])('%j', (line, expected) => {
		expect(run(line)).toEqual(expected);
	});
});

describe('substitutions, shell strings and heredocs', () => {
	it.each<[string, string[]]>([
		['echo "$(rm x)"', ['line: echo·$(rm x)', 'substitution: rm·x']],
		['echo `rm x`', ['line: echo·`rm x`', 'substitution: rm·x']],
		['echo ${v:-$(rm x)}', ['line: echo·${v:-$(rm x)}', 'substitution: rm·x']],
		['x=$(date) y=`id`', ['substitution: date', 'substitution: id']],
		[
			'diff <(ls a) >(wc -l)',
			['line: diff·<(ls a)·>(wc -l)', 'processSubstitution: ls·a', 'processSubstitution: wc·-l'],
		],
		[
			"bash -c 'rm -rf x && ls'",
			['line: bash·-c·rm -rf x && ls', 'shellString: rm·-rf·x', 'shellString: ls'],
		],
		['sh -xc "rm x"', ['line: sh·-xc·rm x', 'shellString: rm·x']],
		["zsh -o pipefail -c 'rm x'", ['line: zsh·-o·pipefail·-c·rm x', 'shellString: rm·x']],
		["dash -c 'rm x' name arg", ['line: dash·-c·rm x·name·arg', 'shellString: rm·x']],
		[
			'sudo bash -c \'bash -c "rm x"\'',
			['line: bash·-c·bash -c "rm x" [sudo]', 'shellString: bash·-c·rm x', 'shellString: rm·x'],
		],
		['bash script.sh -c x', ['line: bash·script.sh·-c·x']],
		['eval "rm -rf ~"', ['line: eval·rm -rf ~', 'shellString: rm·-rf·~']],
		['eval rm x', ['line: eval·rm·x', 'shellString: rm·x']],
		["su -c 'rm x' root", ['line: su·-c·rm x·root', 'shellString: rm·x']],
		[
			"ssh prod 'rm -rf /srv && ls'",
			['line: ssh·prod·rm -rf /srv && ls', 'shellString: rm·-rf·/srv', 'shellString: ls'],
		],
		[
			'ssh -p 2222 -i key.pem -tt deploy@prod sudo rm -rf /srv',
			[
				'line: ssh·-p·2222·-i·key.pem·-tt·deploy@prod·sudo·rm·-rf·/srv',
				'shellString: rm·-rf·/srv [sudo]',
			],
		],
		[
			'ssh -p2222 -oBatchMode=yes -- prod rm x',
			['line: ssh·-p2222·-oBatchMode=yes·--·prod·rm·x', 'shellString: rm·x'],
		],
		['ssh -vJ jump prod rm x', ['line: ssh·-vJ·jump·prod·rm·x', 'shellString: rm·x']],
		['ssh prod', ['line: ssh·prod']],
		['ssh -s prod sftp', ['line: ssh·-s·prod·sftp']],
		['bash <<EOF\nrm -rf /\nls\nEOF', ['line: bash', 'heredoc: rm·-rf·/', 'heredoc: ls']],
		["sudo sh -s <<'EOF'\nrm x\nEOF", ['line: sh·-s [sudo]', 'heredoc: rm·x']],
		['bash <<< "rm x"', ['line: bash', 'heredoc: rm·x']],
		['cat <<EOF\nrm -rf /\nEOF', ['line: cat']],
		['cat <<EOF > out\n$(rm x)\nEOF', ['line: cat', 'substitution: rm·x']],
		['bash <<EOF && ls\nrm x\nEOF', ['line: bash', 'heredoc: rm·x', 'line: ls']],
	])('%j', (line, expected) => {
		expect(run(line)).toEqual(expected);
	});

	it('links a nested command to the command that runs it', () => {
		const { commands } = analyzer.analyze('ls && bash <(curl -s x)', 'bash');
		expect(commands.map((command) => command.parent)).toEqual([undefined, undefined, 1]);
	});

	it('marks function bodies and background jobs', () => {
		const { commands } = analyzer.analyze(':(){ :|:& };:', 'bash');
		expect(
			commands.map((command) => [
				command.inFunction,
				command.background ?? false,
				command.pipeline?.stage,
			]),
		).toEqual([
			[':', true, 0],
			[':', true, 1],
			[undefined, false, undefined],
		]);
	});

	it('keeps redirects with operator and target', () => {
		const { commands } = analyzer.analyze('make > build.log 2>&1 && cat < in >> out', 'bash');
		expect(commands.map((command) => command.redirects)).toEqual([
			[
				{ operator: '>', target: 'build.log' },
				{ operator: '2>&', target: '1' },
			],
			[
				{ operator: '<', target: 'in' },
				{ operator: '>>', target: 'out' },
			],
		]);
	});

	it('gives redirects of a group to each command in it', () => {
		const { commands } = analyzer.analyze('{ echo a; echo b; } > out', 'bash');
		expect(commands.map((command) => command.redirects)).toEqual([
			[{ operator: '>', target: 'out' }],
			[{ operator: '>', target: 'out' }],
		]);
	});

	it('shows the command text with its redirects', () => {
		expect(
			analyzer.analyze('ls; echo hi > f', 'bash').commands.map((command) => command.text),
		).toEqual(['ls', 'echo hi > f']);
	});
});

describe('PowerShell', () => {
	it.each<[string, string[]]>([
		['Remove-Item -Recurse -Force C:\\x', ['line: Remove-Item·-Recurse·-Force·C:\\x']],
		['Get-ChildItem; Remove-Item "a b"', ['line: Get-ChildItem', 'line: Remove-Item·a b']],
		["Write-Host 'it''s'", ["line: Write-Host·it's"]],
		['git push --force && echo ok', ['line: git·push·--force', 'line: echo·ok']],
		['iwr https://x | iex', ['line: iwr·https://x #0.0', 'line: iex #0.1']],
		['"hi" | Out-File b.txt', ['line: Out-File·b.txt #0.1']],
		[
			'Invoke-Expression (Invoke-WebRequest https://x).Content',
			[
				'line: Invoke-Expression·(Invoke-WebRequest https://x).Content',
				'substitution: Invoke-WebRequest·https://x',
			],
		],
		['echo $(Remove-Item x)', ['line: echo·$(Remove-Item x)', 'substitution: Remove-Item·x']],
		[
			'Get-ChildItem | ForEach-Object { Remove-Item $_ }',
			[
				'line: Get-ChildItem #0.0',
				'line: ForEach-Object·{ Remove-Item $_ } #0.1',
				'substitution: Remove-Item·$_',
			],
		],
		['& "C:\\bin\\rm.exe" -rf x', ['line: C:\\bin\\rm.exe·-rf·x']],
		[
			'powershell -NoProfile -Command "Remove-Item x"',
			['line: powershell·-NoProfile·-Command·Remove-Item x', 'shellString: Remove-Item·x'],
		],
	])('%j', (line, expected) => {
		expect(run(line, 'powershell')).toEqual(expected);
	});

	it('reads a pwsh -c string inside a bash line as PowerShell', () => {
		const { commands } = analyzer.analyze('pwsh -c "Remove-Item x -Recurse"', 'bash');
		expect(commands.map((command) => [command.dialect, command.argv[0]])).toEqual([
			['bash', 'pwsh'],
			['powershell', 'Remove-Item'],
		]);
	});

	it('decodes -EncodedCommand', () => {
		const encoded = Buffer.from('Remove-Item x', 'utf16le').toString('base64');
		expect(run(`powershell -EncodedCommand ${encoded}`, 'powershell')).toEqual([
			`line: powershell·-EncodedCommand·${encoded}`,
			'shellString: Remove-Item·x',
		]);
	});

	it('keeps file redirections', () => {
		expect(
			analyzer.analyze('Get-Date > out.txt 2>&1', 'powershell').commands[0]?.redirects,
		).toEqual([
			{ operator: '>', target: 'out.txt' },
			{ operator: '2>&1', target: '' },
		]);
	});
});

describe('parse errors', () => {
	it.each<[string, ShellDialect, string[]]>([
		['ls && (rm x', 'bash', ['line: ls', 'line: rm·x']],
		['if true; then rm -rf x', 'bash', ['line: true', 'line: rm·-rf·x']],
		['Remove-Item "unterminated', 'powershell', []],
	])('%j still yields what it could', (line, dialect, expected) => {
		const analysis = analyzer.analyze(line, dialect);
		expect(analysis.parseError).toBeTruthy();
		expect(summary(analysis)).toEqual(expected);
	});

	it.each<[string, string[]]>([
		["echo 'unterminated", ['line: echo·unterminated']],
		['cat <<EOF\nbody', ['line: cat']],
		['git restore --help "x', ['line: git·restore·--help·x']],
	])(
		'reads %j, open only at its end, as if closed: bash waits there and runs nothing unfinished',
		(line, expected) => {
			const analysis = analyzer.analyze(line, 'bash');
			expect(analysis.parseError).toBeUndefined();
			expect(summary(analysis)).toEqual(expected);
		},
	);

	it('reports no error for a complete line', () => {
		expect(analyzer.analyze('ls | wc -l', 'bash').parseError).toBeUndefined();
	});

	it('stops following shell strings nested too deeply', () => {
		let line = 'rm x';
		for (let depth = 0; depth < 12; depth++) {
			line = `eval ${JSON.stringify(line)}`;
		}
		const analysis = analyzer.analyze(line, 'bash');
		expect(analysis.parseError).toMatch(/nested too deeply/);
	});
});

describe('redirects after a list or pipeline', () => {
	it.each<[string, string[][]]>([
		['a && b > f', [[], ['>f']]],
		['a | b >> f', [[], ['>>f']]],
		['a > f || b', [['>f'], []]],
	])('%j go to the last command only', (line, expected) => {
		const { commands } = analyzer.analyze(line, 'bash');
		expect(
			commands.map((command) =>
				command.redirects.map((redirect) => `${redirect.operator}${redirect.target}`),
			),
		).toEqual(expected);
	});
});
