import { describe, expect, it } from 'vitest';

import { HOOK_EVENT_NAMES as REGISTERED } from '../../../../src/core/events/hookEventName';
import {
	cliHookFile,
	duplicateRegistrations,
	hookFileLocations,
	hookFilePath,
	hookFileState,
	hookTimeoutSeconds,
	isHookwardenCommand,
	posixHookCommand,
	readHookFile,
	referencedPaths,
	renderHookFile,
	vscodeHookFile,
	windowsHookCommand,
} from '../../../../src/host/installer/hookFile';

const current = renderHookFile(vscodeHookFile({ approvalTimeoutSeconds: 120 }));

describe('the installed hook file', () => {
	it('registers the eight Local events and the five Copilot-runtime ones, PascalCase and flat, with no version, each running the launcher', () => {
		const file = JSON.parse(current) as Record<string, unknown> & {
			hooks: Record<string, unknown[]>;
		};
		expect(Object.keys(file)).toEqual(['hooks']);
		expect(Object.keys(file.hooks)).toEqual([...REGISTERED]);
		for (const event of REGISTERED) {
			expect(file.hooks[event]).toEqual([
				{
					type: 'command',
					command: posixHookCommand(event),
					windows: windowsHookCommand(event),
					powershell: windowsHookCommand(event),
					timeout: 150,
				},
			]);
		}
	});

	it('outlasts the approval timeout', () => {
		expect(hookTimeoutSeconds(120)).toBe(150);
		expect(hookTimeoutSeconds(12.5)).toBe(43);
		expect(hookTimeoutSeconds(Number.NaN)).toBe(30);
		expect(hookTimeoutSeconds(-5)).toBe(30);
	});

	it('never names a versioned extension folder, so a committed copy works for every teammate', () => {
		expect(current).not.toMatch(/extensions|bridge\.js|node/);
		expect(current).toContain('$HOME/.hookwarden/bin/hookwarden-hook');
		expect(current.endsWith('}\n')).toBe(true);
	});

	it('reads back as eight Hookwarden registrations', () => {
		const reading = readHookFile(current);
		expect(reading).toMatchObject({ ok: true, disabled: false });
		const registrations = reading.ok ? reading.registrations : [];
		expect(registrations.map((r) => r.event)).toEqual([...REGISTERED]);
		expect(registrations.every((r) => r.ours && r.commands.length === 3)).toBe(true);
	});

	it('has a CLI-format twin with version 1, camelCase events, bash/powershell and timeoutSec', () => {
		const cli = cliHookFile({ approvalTimeoutSeconds: 60 });
		expect(cli.version).toBe(1);
		expect(Object.keys(cli.hooks)).toEqual([
			'sessionStart',
			'userPromptSubmitted',
			'preToolUse',
			'postToolUse',
			'preCompact',
			'subagentStart',
			'subagentStop',
			'agentStop',
			'sessionEnd',
			'errorOccurred',
			'postToolUseFailure',
			'permissionRequest',
			'notification',
		]);
		expect(cli.hooks.agentStop).toEqual([
			{
				type: 'command',
				bash: posixHookCommand('Stop'),
				powershell: windowsHookCommand('Stop'),
				timeoutSec: 90,
			},
		]);
		const reading = readHookFile(renderHookFile(cli));
		expect(reading.ok && reading.registrations.map((r) => r.event)).toEqual([...REGISTERED]);
	});
});

describe('reading any hook file', () => {
	it('reads nested Claude entries and CLI spellings, and skips what runners skip', () => {
		const text = JSON.stringify({
			hooks: {
				PreToolUse: [
					{
						matcher: 'Bash',
						hooks: [
							{
								type: 'command',
								command: 'node /opt/hookwarden.hookwarden-0.1.0/dist/bridge.js PreToolUse',
							},
						],
					},
					{ type: 'prompt', prompt: 'ignored' },
					{ command: './lint.sh' },
				],
				agentStop: [{ type: 'command', bash: 'echo stop' }],
				Notification: [{ type: 'command', command: 'notify' }],
				userPromptTransformed: [{ type: 'command', command: 'not ours to read' }],
				Stop: 'not an array',
			},
		});
		expect(readHookFile(text)).toEqual({ ok: false, error: expect.any(String) as string });
		const valid = readHookFile(text.replace('"not an array"', '[]'));
		expect(valid).toEqual({
			ok: true,
			disabled: false,
			registrations: [
				{
					event: 'PreToolUse',
					commands: ['node /opt/hookwarden.hookwarden-0.1.0/dist/bridge.js PreToolUse'],
					ours: true,
				},
				{ event: 'PreToolUse', commands: ['./lint.sh'], ours: false },
				{ event: 'Stop', commands: ['echo stop'], ours: false },
				{ event: 'Notification', commands: ['notify'], ours: false },
			],
		});
	});

	it('reports invalid JSON and disableAllHooks', () => {
		expect(readHookFile('{ "hooks": ')).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^not valid JSON/) as string,
		});
		expect(readHookFile('{"disableAllHooks": true, "hooks": {}}')).toEqual({
			ok: true,
			disabled: true,
			registrations: [],
		});
	});

	it('recognises Hookwarden commands', () => {
		expect(isHookwardenCommand(posixHookCommand('Stop'))).toBe(true);
		expect(isHookwardenCommand(windowsHookCommand('Stop'))).toBe(true);
		expect(
			isHookwardenCommand('& "C:\\x\\hookwarden.hookwarden-0.2.0\\dist\\bridge.js" Stop'),
		).toBe(true);
		expect(isHookwardenCommand('node ./dist/bridge.js Stop')).toBe(false);
	});
});

describe('staleness', () => {
	it('tells current, stale, foreign and invalid files apart', () => {
		expect(hookFileState(current, current)).toBe('current');
		expect(
			hookFileState(renderHookFile(vscodeHookFile({ approvalTimeoutSeconds: 30 })), current),
		).toBe('stale');
		const foreign = JSON.stringify({
			hooks: {
				Stop: [
					{ type: 'command', command: 'echo mine' },
					...vscodeHookFile({ approvalTimeoutSeconds: 1 }).hooks.Stop,
				],
			},
		});
		expect(hookFileState(foreign, current)).toBe('foreign');
		expect(hookFileState('oops', current)).toBe('invalid');
	});
});

describe('referenced paths', () => {
	it('expands $HOME, ~ and $env:USERPROFILE and keeps only Hookwarden paths', () => {
		expect(referencedPaths(posixHookCommand('Stop'), { home: '/home/me' })).toEqual([
			'/home/me/.hookwarden/bin/hookwarden-hook',
		]);
		expect(referencedPaths(windowsHookCommand('Stop'), { home: 'C:\\Users\\me' })).toEqual([
			'C:\\Users\\me\\.hookwarden\\bin\\hookwarden-hook.ps1',
		]);
		expect(referencedPaths('~/.hookwarden/bin/hookwarden-hook Stop', { home: '/h' })).toEqual([
			'/h/.hookwarden/bin/hookwarden-hook',
		]);
		expect(
			referencedPaths(
				`/usr/bin/node '/opt/vscode/extensions/hookwarden.hookwarden-0.1.0/dist/bridge.js' PreToolUse`,
				{ home: '/h' },
			),
		).toEqual(['/opt/vscode/extensions/hookwarden.hookwarden-0.1.0/dist/bridge.js']);
		expect(referencedPaths('./lint.sh && /usr/bin/true', { home: '/h' })).toEqual([]);
	});
});

describe('where Local looks for hook files', () => {
	it('lists the built-in locations in order, Claude files only with chat.useClaudeHooks', () => {
		const inputs = {
			workspaceFolders: ['/w/a', '/w/b'],
			home: '/home/me',
			useClaudeHooks: false,
			hookFilesLocations: {},
		};
		expect(hookFileLocations(inputs)).toEqual([
			{ path: '/w/a/.github/hooks', kind: 'folder', format: 'hooks', scope: 'workspace' },
			{ path: '/w/b/.github/hooks', kind: 'folder', format: 'hooks', scope: 'workspace' },
			{ path: '/home/me/.copilot/hooks', kind: 'folder', format: 'hooks', scope: 'user' },
		]);
		const withClaude = hookFileLocations({
			...inputs,
			workspaceFolders: ['/w/a'],
			useClaudeHooks: true,
		});
		expect(withClaude.map((l) => `${l.path} ${l.format}`)).toEqual([
			'/w/a/.github/hooks hooks',
			'/w/a/.claude/settings.local.json claude',
			'/w/a/.claude/settings.json claude',
			'/home/me/.copilot/hooks hooks',
			'/home/me/.claude/settings.json claude',
		]);
	});

	it('honours chat.hookFilesLocations: off switches, extra folders and files, no absolute keys', () => {
		const locations = hookFileLocations({
			workspaceFolders: ['/w/a'],
			home: '/home/me',
			useClaudeHooks: false,
			hookFilesLocations: {
				'.github/hooks/': false,
				'tools/hooks': true,
				'~/more/team.json': true,
				'/abs/hooks': true,
				'off/hooks': false,
			},
		});
		expect(locations).toEqual([
			{ path: '/home/me/.copilot/hooks', kind: 'folder', format: 'hooks', scope: 'user' },
			{ path: '/w/a/tools/hooks', kind: 'folder', format: 'hooks', scope: 'workspace' },
			{ path: '/home/me/more/team.json', kind: 'file', format: 'hooks', scope: 'user' },
		]);
	});

	it('names the installed file for each scope', () => {
		expect(hookFilePath('user', '/home/me')).toBe('/home/me/.copilot/hooks/hookwarden.json');
		expect(hookFilePath('workspace', 'C:\\repo')).toBe('C:\\repo\\.github\\hooks\\hookwarden.json');
	});
});

describe('duplicate registrations', () => {
	it('finds events Hookwarden runs for from more than one file', () => {
		const ours = readHookFile(current);
		const registrations = ours.ok ? ours.registrations : [];
		const claude = readHookFile(
			JSON.stringify({
				hooks: {
					PreToolUse: [{ hooks: [{ command: posixHookCommand('PreToolUse') }] }],
					Stop: [{ hooks: [{ command: 'x' }] }],
				},
			}),
		);
		expect(
			duplicateRegistrations([
				{ path: '/home/me/.copilot/hooks/hookwarden.json', registrations },
				{ path: '/w/.claude/settings.json', registrations: claude.ok ? claude.registrations : [] },
			]),
		).toEqual([
			{
				event: 'PreToolUse',
				paths: ['/home/me/.copilot/hooks/hookwarden.json', '/w/.claude/settings.json'],
			},
		]);
		expect(duplicateRegistrations([{ path: '/a', registrations }])).toEqual([]);
	});
});
