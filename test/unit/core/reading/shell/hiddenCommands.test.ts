import { beforeAll, describe, expect, it } from 'vitest';
import type {
	ShellAnalyzer,
	ShellDialect,
} from '../../../../../src/core/reading/shell/commandLine';
import { shellAnalyzer } from '../../../../support/shellAnalyzer';

let analyzer: ShellAnalyzer;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
});

/** `origin: argv…` per command, argv words joined by `·`, with `<written>` when the command word was expanded. */
function run(line: string, dialect: ShellDialect = 'bash'): string[] {
	return analyzer.analyze(line, dialect).commands.map((command) => {
		const written = command.writtenAs === undefined ? '' : ` <${command.writtenAs}>`;
		const dynamic = command.dynamicWord ? ' ?' : '';
		return `${command.origin}: ${command.argv.join('·')}${written}${dynamic}`;
	});
}

describe('commands hidden in interpreter code', () => {
	it.each<[string, string[]]>([
		[
			`python3 -c 'import shutil; shutil.rmtree("/x")'`,
			['line: python3·-c·import shutil; shutil.rmtree("/x")', 'interpreter: rm·-rf·/x'],
		],
		[
			`python3 -c 'import os; os.system("rm -rf /x")'`,
			['line: python3·-c·import os; os.system("rm -rf /x")', 'interpreter: rm·-rf·/x'],
		],
		[
			`node -e "require('fs').rmSync(p, {recursive: true})"`,
			[
				"line: node·-e·require('fs').rmSync(p, {recursive: true})",
				'interpreter: rm·-rf·$UNKNOWN_PATH',
			],
		],
		[
			`node -e "require('fs').unlinkSync('a.txt')"`,
			["line: node·-e·require('fs').unlinkSync('a.txt')", 'interpreter: rm·a.txt'],
		],
		[
			`ruby -e 'FileUtils.rm_rf("x")'`,
			['line: ruby·-e·FileUtils.rm_rf("x")', 'interpreter: rm·-rf·x'],
		],
		[`perl -e 'system q{ls}'`, ['line: perl·-e·system q{ls}', 'interpreter: ls']],
		[`awk 'BEGIN{system("ls")}'`, ['line: awk·BEGIN{system("ls")}', 'interpreter: ls']],
		[`python3 -c 'print(1)'`, ['line: python3·-c·print(1)']],
		// Writes of the languages read by patterns, as the shell commands that do the same.
		[
			`perl -e 'open(my $f, ">>", "notes.md"); print $f "x"'`,
			[`line: perl·-e·open(my $f, ">>", "notes.md"); print $f "x"`, 'interpreter: tee·-a·notes.md'],
		],
		[
			`perl -e 'open OUT, ">$ENV{HOME}/x.txt"'`,
			[`line: perl·-e·open OUT, ">$ENV{HOME}/x.txt"`, 'interpreter: tee·$HOME/x.txt'],
		],
		[
			`perl -MFile::Copy -e 'move("a.txt", "b.txt")'`,
			[`line: perl·-MFile::Copy·-e·move("a.txt", "b.txt")`, 'interpreter: mv·-T·a.txt·b.txt'],
		],
		[
			`lua -e 'io.open("out.txt", "w"):write("x")'`,
			[`line: lua·-e·io.open("out.txt", "w"):write("x")`, 'interpreter: tee·out.txt'],
		],
		[`lua -e 'os.rename("a", "b")'`, [`line: lua·-e·os.rename("a", "b")`, 'interpreter: mv·a·b']],
		[
			`awk 'BEGIN { printf "{}" > ENVIRON["HOME"] "/x.json" }'`,
			[
				`line: awk·BEGIN { printf "{}" > ENVIRON["HOME"] "/x.json" }`,
				'interpreter: tee·$HOME/x.json',
			],
		],
		// A comparison is not a redirection.
		[`awk '$3 > 100 { print $1 }' data.txt`, ['line: awk·$3 > 100 { print $1 }·data.txt']],
		// A list held in a variable is known only when the code runs.
		[
			`perl -e 'system @cmd;'`,
			['line: perl·-e·system @cmd;', 'interpreter: $UNKNOWN_COMMAND <$UNKNOWN_COMMAND> ?'],
		],
		[`python3 <<EOF\nimport os\nos.remove("a")\nEOF`, ['line: python3', 'interpreter: rm·a']],
	])('%j', (line, expected) => {
		expect(run(line)).toEqual(expected);
	});
});

describe('text fed to a shell', () => {
	it.each<[string, string[]]>([
		["echo 'ls -la' | sh", ['line: echo·ls -la', 'line: sh', 'pipedScript: ls·-la']],
		["printf '%s\\n' 'ls' | bash", ['line: printf·%s\\n·ls', 'line: bash', 'pipedScript: ls']],
		[
			'echo bHMgLWxh | base64 -d | sh',
			['line: echo·bHMgLWxh', 'line: base64·-d', 'line: sh', 'pipedScript: ls·-la'],
		],
		[
			"sh <(echo 'ls')",
			["line: sh·<(echo 'ls')", 'pipedScript: ls', 'processSubstitution: echo·ls'],
		],
		["GIT_SSH_COMMAND='ssh -v' git fetch", ['line: git·fetch', 'shellString: ssh·-v']],
		// printf and echo decode escapes before the shell reads what they write.
		[
			"printf '\\x6c\\x73 -a' | sh",
			['line: printf·\\x6c\\x73 -a', 'line: sh', 'pipedScript: ls·-a'],
		],
		[
			"printf '%b' '\\0154\\0163' | sh",
			['line: printf·%b·\\0154\\0163', 'line: sh', 'pipedScript: ls'],
		],
		[
			"echo -e 'pwd\\nid' | sh",
			['line: echo·-e·pwd\\nid', 'line: sh', 'pipedScript: pwd', 'pipedScript: id'],
		],
		["echo -E '\\x6c\\x73' | sh", ['line: echo·-E·\\x6c\\x73', 'line: sh', 'pipedScript: x6cx73']],
		// `< FILE` feeds the shell a script the line wrote, or a process substitution's output.
		[
			"printf 'ls -a\\n' > job.sh; sh < job.sh",
			['line: printf·ls -a\\n', 'line: sh', 'pipedScript: ls·-a'],
		],
		['bash < <(echo ls)', ['line: bash', 'pipedScript: ls', 'processSubstitution: echo·ls']],
	])('%j', (line, expected) => {
		expect(run(line)).toEqual(expected);
	});
});

describe('command words known only when expanded', () => {
	it.each<[string, string[]]>([
		['{ls,-la}', ['line: ls·-la']],
		['ls${IFS}-la', ['line: ls·-la <ls${IFS}-la>']],
		['${X:-ls} -la', ['line: ls·-la <${X:-ls}> ?']],
		['$(which ls) -la', ['line: ls·-la <$(which ls)>', 'substitution: which·ls']],
		['$X -la', ['line: $X·-la <$X> ?']],
		["alias l='ls -la'; l x", ['line: alias·l=ls -la', 'line: ls·-la·x <l>']],
		['echo {a,b}', ['line: echo·{a,b}']],
	])('%j', (line, expected) => {
		expect(run(line)).toEqual(expected);
	});
});

describe('wrappers and fan-out', () => {
	it.each<[string, string[]]>([
		["watch -n 1 'ls -la'", ['line: sh·-c·ls -la', 'shellString: ls·-la']],
		["script -q -c 'ls' /dev/null", ['line: sh·-c·ls', 'shellString: ls']],
		['strace -f -o t.log ls', ['line: ls']],
		['chroot /mnt ls', ['line: ls']],
		['parallel gzip ::: a b', ['line: parallel·gzip·:::·a·b', 'xargs: gzip·a', 'xargs: gzip·b']],
		[
			'find . -exec sh -c \'ls "$1"\' _ {} \\;',
			// `{}` is every path find matched; `$1` in the shell string is that word.
			[
				'line: find·.·-exec·sh·-c·ls "$1"·_·{}·;',
				'exec: sh·-c·ls "$1"·_·./**',
				'shellString: ls·./**',
			],
		],
		["bash -n -c 'ls'", ['line: bash·-n·-c·ls']],
		['cmd /c "dir C:\\x"', ['line: cmd·/c·dir C:\\x', 'shellString: dir·C:/x']],
	])('%j', (line, expected) => {
		expect(run(line)).toEqual(expected);
	});
});
