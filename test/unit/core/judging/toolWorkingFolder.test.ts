import { describe, expect, it } from 'vitest';

import { type Call, HOME, verdictOf, WS } from '../../../support/verdictOf';

const tool = (name: string, input: Record<string, unknown>): Call => ({ name, input });

/** A shell tool's own working folder moves every relative path of its line: they are judged where they land. */
describe("a shell tool's working folder", () => {
	it.each<[string, Call]>([
		[
			'an argv shell tool run in the user hook folder',
			tool('shell', {
				command: ['bash', '-lc', 'cp /tmp/x hookwarden.json'],
				workdir: `${HOME}/.copilot/hooks`,
			}),
		],
		[
			'a command run in .vscode',
			tool('exec_command', { command: 'echo {} > settings.json', workdir: `${WS}/.vscode` }),
		],
		[
			'a task whose options.cwd names .vscode through ${workspaceFolder}',
			tool('create_and_run_task', {
				task: {
					label: 'x',
					type: 'shell',
					command: 'cp /tmp/x settings.json',
					options: { cwd: '${workspaceFolder}/.vscode' },
				},
			}),
		],
		['a working folder under home', tool('bash', { command: 'rm -rf .ssh', cwd: '~' })],
	])('%s is judged where its paths land', async (_what, call) => {
		expect(await verdictOf(call)).toMatch(/^(?:deny|ask) /);
	});

	it('leaves an everyday write in a sub-folder quiet', async () => {
		expect(
			await verdictOf(tool('bash', { command: 'echo x > notes.txt', workdir: `${WS}/docs` })),
		).toBe('none');
	});
});
