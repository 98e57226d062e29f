import {
	chmodSync,
	chownSync,
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
	currentEndpointHost,
	isOwnEndpoint,
	openRuntimeFolder,
} from '../../../../src/node/runtime/runtimeFolder';
import { ensureSecret, readSecret } from '../../../../src/node/runtime/secret';
import { readLiveLeases, writeLease } from '../../../../src/node/runtime/windowLeases';
import { leaseFolder, runtimeFolder } from '../../../../src/protocol/endpoint';
import { PROTOCOL_VERSION } from '../../../../src/protocol/wire';

const posix = process.platform !== 'win32';
let root: string;
let env: NodeJS.ProcessEnv;
let runtime: string;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-trust-'));
	env = { ...process.env, XDG_RUNTIME_DIR: root };
	runtime = runtimeFolder(currentEndpointHost(env));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function listen(path: string): Promise<Server> {
	return new Promise((resolve) => {
		const server = createServer();
		server.listen(path, () => resolve(server));
	});
}

describe.runIf(posix)('the runtime folder', () => {
	it('is created owner-only and then trusted', () => {
		const opened = openRuntimeFolder(env);
		expect(opened).toEqual({ ok: true, folder: runtime });
		expect(lstatSync(runtime).mode & 0o777).toBe(0o700);
	});

	it('is refused when it is a symlink an agent planted, saying how to fix it', () => {
		const elsewhere = join(root, 'elsewhere');
		mkdirSync(elsewhere, { mode: 0o700 });
		symlinkSync(elsewhere, runtime);
		const opened = openRuntimeFolder(env);
		expect(opened.ok).toBe(false);
		expect(!opened.ok && opened.problem).toMatch(/not a plain folder.*remove it/);
	});

	it('is refused when others can enter it', () => {
		mkdirSync(runtime, { mode: 0o700 });
		chmodSync(runtime, 0o755);
		const opened = openRuntimeFolder(env);
		expect(!opened.ok && opened.problem).toMatch(/open to other users.*chmod 700/);
	});

	it.runIf(process.getuid?.() === 0)('is refused when another user owns it', () => {
		mkdirSync(runtime, { mode: 0o700 });
		chownSync(runtime, 12345, 12345);
		const opened = openRuntimeFolder(env);
		expect(!opened.ok && opened.problem).toMatch(/belongs to another user/);
	});
});

describe.runIf(posix)('the secret', () => {
	it('is created once, 0600, and read back', () => {
		mkdirSync(runtime, { mode: 0o700 });
		const made = ensureSecret(runtime);
		expect(lstatSync(made.file).mode & 0o777).toBe(0o600);
		expect(readSecret(runtime)).toMatchObject({ ok: true, token: made.token });
		expect(ensureSecret(runtime).token).toBe(made.token);
	});

	it('is refused when it is readable by others or a symlink', () => {
		mkdirSync(runtime, { mode: 0o700 });
		const made = ensureSecret(runtime);
		chmodSync(made.file, 0o644);
		expect(readSecret(runtime).ok).toBe(false);
		rmSync(made.file);
		const planted = join(root, 'planted');
		writeFileSync(planted, `Authorization: Bearer ${'p'.repeat(43)}\n`, { mode: 0o600 });
		symlinkSync(planted, made.file);
		expect(readSecret(runtime).ok).toBe(false);
	});
});

describe.runIf(posix)('window leases', () => {
	const lease = (endpoint: string, pid = process.pid) => ({
		pid,
		endpoint,
		folders: [root],
		startedAt: 1,
	});

	it('follows a lease to a socket of ours inside the runtime folder', async () => {
		mkdirSync(runtime, { mode: 0o700 });
		const socket = join(runtime, 'w-live.sock');
		const server = await listen(socket);
		try {
			writeLease(runtime, lease(socket));
			expect(isOwnEndpoint(socket, env)).toBe(true);
			expect(readLiveLeases(runtime, env)).toMatchObject({
				leases: [{ endpoint: socket }],
				refused: [],
			});
		} finally {
			server.close();
		}
	});

	it('ignores and reports a lease naming a socket outside the runtime folder', async () => {
		mkdirSync(runtime, { mode: 0o700 });
		const socket = join(root, 'agent.sock');
		const server = await listen(socket);
		try {
			writeLease(runtime, lease(socket));
			const reading = readLiveLeases(runtime, env);
			expect(reading.leases).toEqual([]);
			expect(reading.refused.join('\n')).toMatch(
				/not a socket of yours in Hookwarden's runtime folder/,
			);
		} finally {
			server.close();
		}
	});

	it('removes a stale lease without deleting the file it names', () => {
		mkdirSync(runtime, { mode: 0o700 });
		const victim = join(root, 'settings.json');
		writeFileSync(victim, '{}');
		mkdirSync(leaseFolder(runtime), { recursive: true, mode: 0o700 });
		writeFileSync(
			join(leaseFolder(runtime), 'stale.json'),
			JSON.stringify({ v: PROTOCOL_VERSION, ...lease(victim, 2 ** 30) }),
			{ mode: 0o600 },
		);
		readLiveLeases(runtime, env);
		expect(existsSync(victim)).toBe(true);
		expect(existsSync(join(leaseFolder(runtime), 'stale.json'))).toBe(false);
	});
});
