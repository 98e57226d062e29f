import { describe, expect, it } from 'vitest';

import { runnerJobs, runsStdinAs } from '../../../../../src/core/reading/shell/commandRunners';
import { lispCommands, makefileCommands } from '../../../../../src/core/reading/shell/jobLanguages';

describe('programs that run a command for the caller', () => {
	it.each<[string[], ReturnType<typeof runnerJobs>]>([
		// git: options and verbs that take a command
		[
			['git', 'rebase', '-i', '--exec', 'cargo check', 'main'],
			[{ kind: 'text', text: 'cargo check', language: 'shell' }],
		],
		[
			['git', '-C', 'repo', 'rebase', '-xpytest', 'main'],
			[{ kind: 'text', text: 'pytest', language: 'shell' }],
		],
		[
			['git', 'rebase', '--exe=./verify.sh', 'main'],
			[{ kind: 'text', text: './verify.sh', language: 'shell' }],
		],
		[
			['git', 'bisect', 'run', './probe.sh', '--fast'],
			[{ kind: 'words', argv: ['./probe.sh', '--fast'] }],
		],
		[
			['git', 'submodule', 'foreach', '--recursive', 'git fetch'],
			[{ kind: 'text', text: 'git fetch', language: 'shell' }],
		],
		[
			['git', 'difftool', '--extcmd=meld', 'HEAD'],
			[{ kind: 'text', text: 'meld', language: 'shell' }],
		],
		[
			['git', 'filter-branch', '--index-filter', 'git rm --cached x', 'HEAD'],
			[{ kind: 'text', text: 'git rm --cached x', language: 'shell' }],
		],
		[
			['git', 'clone', '--upload-pack', './serve', 'src', 'dst'],
			[{ kind: 'text', text: './serve', language: 'shell' }],
		],
		[['git', 'rebase', 'main'], []],
		[['git', 'bisect', 'good'], []],
		[['git', 'log', '-x'], []],
		// make: a makefile from a file, stdin or a line of text
		[['make', '-f', 'ci.mk', 'test'], [{ kind: 'file', file: 'ci.mk', language: 'makefile' }]],
		[['make', '--file=-'], [{ kind: 'stdin', language: 'makefile' }]],
		[
			['make', '--eval', 'go: ; ./run'],
			[{ kind: 'text', text: 'go: ; ./run', language: 'makefile' }],
		],
		[['make', '-j8', 'all'], []],
		// at and batch: a job from stdin unless a file is named; listing and removing run nothing
		[['at', 'now', '+', '5', 'minutes'], [{ kind: 'stdin', language: 'shell' }]],
		[['at', '-f', 'job.sh', 'noon'], [{ kind: 'file', file: 'job.sh', language: 'shell' }]],
		[['batch'], [{ kind: 'stdin', language: 'shell' }]],
		[['at', '-l'], []],
		[['at', '-r', '3'], []],
		// editors and watchers
		[['emacs', '-batch', '-eval', '(foo)'], [{ kind: 'text', text: '(foo)', language: 'lisp' }]],
		[
			['watchexec', '-e', 'rs', '--', 'cargo', 'test'],
			[{ kind: 'text', text: 'cargo test', language: 'shell' }],
		],
		[['entr', '-s', 'make check'], [{ kind: 'text', text: 'make check', language: 'shell' }]],
		[['entr', 'make', 'check'], []],
		[
			['chokidar', 'lib/**', '-c', 'npm test'],
			[{ kind: 'text', text: 'npm test', language: 'shell' }],
		],
		[['onchange', 'lib/**', '--', 'npm', 'test'], [{ kind: 'words', argv: ['npm', 'test'] }]],
	])('%j', (argv, expected) => {
		expect(runnerJobs(argv)).toEqual(expected);
	});

	it('says which programs run what they are fed', () => {
		expect(runsStdinAs(['at', 'tomorrow'])).toBe('shell');
		expect(runsStdinAs(['make', '-f', '-'])).toBe('makefile');
		expect(runsStdinAs(['make', 'all'])).toBeUndefined();
		expect(runsStdinAs(['at', '-f', 'x', 'now'])).toBeUndefined();
	});
});

describe('jobs in other languages, as shell lines', () => {
	it('reads recipes, one-line rules and $(shell …) from a makefile', () => {
		const makefile = [
			'OUT := $(shell git rev-parse HEAD)',
			'build: deps',
			'\t@echo building',
			'\t-cc -o app main.c \\',
			'\t  util.c',
			'clean: ; rm -f app',
			'# note: not a rule; just text',
			'print:',
			'\techo $$HOME',
		].join('\n');
		expect(makefileCommands(makefile)).toEqual([
			'git rev-parse HEAD',
			'echo building',
			'cc -o app main.c    util.c',
			'rm -f app',
			'echo $HOME',
		]);
	});

	it('reads the shell, process and file calls of Emacs Lisp', () => {
		expect(
			lispCommands(
				'(progn (shell-command "make all") (call-process "git" nil nil nil "gc") (delete-directory (expand-file-name "~/tmp") t) (delete-file "a.txt") (rename-file "a" (getenv "TARGET")) (message "done"))',
			),
		).toEqual(['make all', 'git gc', 'rm -rf ~/tmp', 'rm a.txt', 'mv a $TARGET']);
		expect(lispCommands('(message "hello")')).toEqual([]);
	});
});
