import { describe, expect, it } from 'vitest';

import { classifyTarget } from '../../../../src/core/judging/packs/deleteTargets';

// Found by the Copilot CLI tier: its workspaces live in /tmp, and the temp-folder exemption deleted one.
describe('a workspace that lives in a temp folder', () => {
	const base = {
		cwd: '/tmp/ws',
		cwdUnknown: false,
		workspaceFolder: '/tmp/ws',
		homeDir: '/home/me',
	};

	it.each([
		['.', 'catastrophic'],
		['$PWD', 'catastrophic'],
		['$(pwd)', 'catastrophic'],
		['/tmp/ws', 'catastrophic'],
		['/tmp', 'catastrophic'],
		['./precious', 'ordinary'],
		['src', 'ordinary'],
		['.git', 'catastrophic'],
		['node_modules', 'disposable'],
		['/tmp/other-build', 'disposable'],
	])('%s is %s', (target, kind) => {
		expect(classifyTarget(target, base).kind).toBe(kind);
	});
});

describe('a home folder that lives in a temp folder', () => {
	const base = {
		cwd: '/tmp/x/ws',
		cwdUnknown: false,
		workspaceFolder: '/tmp/x/ws',
		homeDir: '/tmp/x/home',
	};

	it.each([
		['~/victim', 'catastrophic'],
		['/tmp/x/home/victim', 'catastrophic'],
		['/tmp/x/home', 'catastrophic'],
		['/tmp/scratch', 'disposable'],
	])('%s is %s', (target, kind) => {
		expect(classifyTarget(target, base).kind).toBe(kind);
	});
});
