import { describe, expect, it } from 'vitest';

import { optionCommands } from '../../../../../src/core/reading/shell/optionCommands';

describe('command lines hidden in a program option', () => {
	it.each<[string[], string[]]>([
		[['ssh', '-o', 'ProxyCommand=nc %h %p', 'db'], ['nc %h %p']],
		[['ssh', '-oLocalCommand=./after.sh', 'db'], ['./after.sh']],
		[['ssh', '-o', 'KnownHostsCommand /usr/bin/hosts %H', 'db'], ['/usr/bin/hosts %H']],
		[['ssh', '-o', 'ProxyCommand=none', 'db'], []],
		[['ssh', '-o', 'StrictHostKeyChecking=no', 'db'], []],
		[['scp', '-S', './my-ssh', 'a', 'db:'], ['./my-ssh']],
		[['rsync', '--rsh=./tunnel', 'a', 'db:'], ['./tunnel']],
		[['rsync', '-e', 'ssh -p 2222 -i ~/.ssh/deploy', 'a', 'db:'], []],
		[['man', '-Pmost', 'ls'], ['most']],
		[['man', '--pager=less -R', 'ls'], []],
		[['tar', '--checkpoint-action=exec=./tick.sh', '-cf', 'a.tar', 'x'], ['./tick.sh']],
		[['tar', '--checkpoint-action=dot', '-cf', 'a.tar', 'x'], []],
		[['tar', '--use-compress-program=./squash', '-cf', 'a.tar', 'x'], ['./squash']],
		[['tar', '-I', 'xz -9', '-cf', 'a.tar.xz', 'x'], []],
		[['zip', '-T', '-TT', './check', 'a.zip', 'x'], ['./check']],
		[['gdb', '-ex', 'shell make', './a'], ['make']],
		[['gdb', '-ex', 'break main', '-ex', 'run', './a'], []],
		[['vim', '+!make', 'x.c'], ['make']],
		[['vim', '-c', 'silent !make', 'x.c'], ['make']],
		[['vim', '-c', 'r !date', 'x.c'], ['date']],
		[['vim', '-c', 'set tw=80', '+42', 'x.c'], []],
		[['git', '-c', 'core.pager=./pp', 'log'], ['./pp']],
		[['git', '-c', 'core.pager=less', 'log'], []],
		[['git', '-c', 'alias.up=!./up.sh', 'up'], ['./up.sh']],
		[
			['git', '-c', 'difftool.x.cmd=./cmp.sh "$LOCAL"', 'difftool', '-t', 'x'],
			['./cmp.sh "$LOCAL"'],
		],
		[['git', '-c', 'filter.lfs.smudge=./smudge %f', 'checkout', '.'], ['./smudge %f']],
		[['git', '-c', 'diff.bin.textconv=./dump', 'diff'], ['./dump']],
		[['git', '-c', 'gpg.ssh.program=./signer', 'commit', '-S'], ['./signer']],
		[['git', '-c', 'credential.helper=/tmp/helper.sh', 'fetch'], ['/tmp/helper.sh']],
		[['git', '-c', 'credential.helper=store', 'fetch'], []],
		[['git', '-c', 'gpg.program=gpg2', 'commit', '-S'], []],
		[['less', '+!./hook.sh', 'notes.md'], ['./hook.sh']],
		[['less', '+G', 'notes.md'], []],
		// Everything after `--` is an operand, and other programs' options mean other things.
		[['ssh', 'db', '--', '-o', 'ProxyCommand=x'], []],
		[['curl', '-o', 'ProxyCommand=x', 'https://x'], []],
	])('%j', (argv, expected) => {
		expect(optionCommands(argv)).toEqual(expected);
	});
});

describe("git settings from git's environment", () => {
	it.each<[string[], Record<string, string>, string[]]>([
		[['git', 'log'], { GIT_CONFIG_PARAMETERS: "'core.pager=./pp'" }, ['./pp']],
		[['git', 'log'], { GIT_CONFIG_PARAMETERS: "'core.pager'='./pp' 'color.ui=auto'" }, ['./pp']],
		[['git', 'log'], { GIT_CONFIG_KEY_0: 'core.pager', GIT_CONFIG_VALUE_0: './pp' }, ['./pp']],
		[['git', '--config-env=core.editor=ED', 'commit'], { ED: './ed.sh' }, ['./ed.sh']],
		[['git', 'log'], { GIT_CONFIG_PARAMETERS: "'core.pager=less'" }, []],
		[['git', 'log'], { GIT_CONFIG_KEY_0: 'core.pager' }, []],
	])('%j with %j', (argv, env, expected) => {
		expect(optionCommands(argv, env)).toEqual(expected);
	});
});
