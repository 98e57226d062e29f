/**
 * Activation in the real extension host: the exported API, the window's private endpoint (socket, secret, lease in
 * the runtime folder) and the per-user launchers, which must land in the temporary HOME the harness gives this run.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';

import { describe, it } from 'mocha';
import * as vscode from 'vscode';

import type { HookwardenApi } from '../../../src/host/hookwardenApi';
import { runtimeFolderPath } from '../../../src/node/runtime/runtimeFolder';
import { readSecret } from '../../../src/node/runtime/secret';
import { newNonce, signRequest } from '../../../src/node/runtime/secretMac';
import { PING_PATH, PROTOCOL_VERSION } from '../../../src/protocol/messages';
import { MAC_SCHEME, NONCE_HEADER } from '../../../src/protocol/wire';
import { pollUntil } from '../support/hookRunner';

const EXTENSION_ID = 'hookwarden.hookwarden';

/** GET over the window's unix socket; resolves with the status and body. */
function getOverSocket(
	socketPath: string,
	urlPath: string,
	headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const request = http.request(
			{ socketPath, path: urlPath, method: 'GET', headers },
			(response) => {
				let body = '';
				response.on('data', (d: Buffer) => (body += d.toString()));
				response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
			},
		);
		request.on('error', reject);
		request.setTimeout(5_000, () => request.destroy(new Error(`no answer from ${socketPath}`)));
		request.end();
	});
}

/** The head of a GET signed as a node bridge signs its requests (the body is empty). */
function signed(secret: string): Record<string, string> {
	const nonce = newNonce();
	return {
		authorization: `${MAC_SCHEME} ${signRequest(secret, nonce, '')}`,
		[NONCE_HEADER]: nonce,
	};
}

describe('activation', () => {
	it('activates on startup (onStartupFinished) and returns the API', async () => {
		const ext = vscode.extensions.getExtension<HookwardenApi>(EXTENSION_ID);
		assert.ok(ext, `${EXTENSION_ID} is not loaded in this extension host`);
		// No activate() call: the activation event alone must start it.
		await pollUntil(() => (ext.isActive ? true : undefined), {
			timeoutMs: 15_000,
			describe: () => `${EXTENSION_ID} never activated on its own`,
		});
		const api = ext.exports;
		assert.equal(api.apiVersion, 1);
		for (const member of [
			'registerHooksProvider',
			'recentEvents',
			'sessions',
			'onDidRecordEvent',
		] as const) {
			assert.equal(typeof api[member], 'function', `api.${member}`);
		}
		assert.ok(Array.isArray(api.recentEvents()));
		assert.ok(Array.isArray(api.sessions()));
		const commands = await vscode.commands.getCommands(true);
		for (const id of [
			'hookwarden.installHooks',
			'hookwarden.uninstallHooks',
			'hookwarden.showHookProblems',
		]) {
			assert.ok(commands.includes(id), `command ${id} is not registered`);
		}
	});

	it('sets HOOKWARDEN_ENDPOINT to an owner-only socket that answers a ping only to a signed request, exporting nothing secret', async () => {
		const endpoint = process.env.HOOKWARDEN_ENDPOINT;
		assert.ok(endpoint, 'HOOKWARDEN_ENDPOINT is not set in the extension host');
		assert.equal(
			process.env.HOOKWARDEN_SECRET_FILE,
			undefined,
			'the window exports where its secret is',
		);
		const socket = fs.statSync(endpoint);
		assert.ok(socket.isSocket(), `${endpoint} is not a socket`);
		assert.equal(socket.mode & 0o777, 0o600, `socket mode ${(socket.mode & 0o777).toString(8)}`);
		const secret = readSecret(runtimeFolderPath(process.env));
		assert.ok(secret.ok, secret.ok ? '' : secret.problem);
		assert.equal(fs.statSync(secret.file).mode & 0o077, 0, 'the secret is readable by others');

		const ping = await getOverSocket(endpoint, PING_PATH, signed(secret.token));
		assert.equal(ping.status, 200, ping.body);
		assert.deepEqual(JSON.parse(ping.body), { v: PROTOCOL_VERSION, pid: process.pid });

		// The secret itself is no credential: it never goes on the wire, so a bearer copy of it is refused.
		const bearer = await getOverSocket(endpoint, PING_PATH, {
			authorization: `Bearer ${secret.token}`,
		});
		assert.equal(bearer.status, 401, bearer.body);
	});

	it('writes a lease for this window (pid, endpoint, workspace folder) into the owner-only runtime folder', () => {
		const endpoint = process.env.HOOKWARDEN_ENDPOINT;
		assert.ok(endpoint);
		const runtime = runtimeFolderPath(process.env);
		assert.equal(fs.statSync(runtime).mode & 0o077, 0, `${runtime} is open to others`);
		const leaseDir = path.join(runtime, 'windows');
		const leases = fs
			.readdirSync(leaseDir)
			.filter((name) => name.endsWith('.json'))
			.map(
				(name) =>
					JSON.parse(fs.readFileSync(path.join(leaseDir, name), 'utf8')) as Record<string, unknown>,
			);
		const mine = leases.find((lease) => lease.endpoint === endpoint);
		assert.ok(mine, `no lease names ${endpoint}; leases: ${JSON.stringify(leases)}`);
		assert.equal(mine.v, PROTOCOL_VERSION);
		assert.equal(mine.pid, process.pid);
		const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
		assert.ok(folder, 'the extension-host tests run without a workspace folder');
		assert.deepEqual(mine.folders, [folder]);
	});

	it('writes the launchers into the temporary HOME of this run, not the real home folder', async () => {
		const home = process.env.HOOKWARDEN_E2E_HOME;
		assert.ok(
			home,
			'HOOKWARDEN_E2E_HOME is not set: the harness did not give this run its own HOME',
		);
		assert.equal(
			os.homedir(),
			home,
			'the extension host runs with another HOME than the harness gave it',
		);
		const launcher = path.join(home, '.hookwarden', 'bin', 'hookwarden-hook');
		await pollUntil(() => (fs.existsSync(launcher) ? true : undefined), {
			describe: () => `no launcher at ${launcher}`,
		});
		assert.equal(fs.statSync(launcher).mode & 0o111, 0o111, 'the POSIX launcher is not executable');
		assert.ok(fs.existsSync(path.join(home, '.hookwarden', 'bin', 'hookwarden-hook.ps1')));
		const text = fs.readFileSync(launcher, 'utf8');
		const bridge = /^bridge='([^']+)'$/m.exec(text)?.[1] ?? '';
		const ext = vscode.extensions.getExtension(EXTENSION_ID);
		// A read-only copy outside the extension folder, identical to the installed bridge.
		assert.ok(
			bridge.startsWith(path.join(home, '.hookwarden', 'bridge') + path.sep),
			`the launcher runs ${bridge}`,
		);
		assert.equal(fs.statSync(bridge).mode & 0o222, 0, `${bridge} is writable`);
		assert.equal(
			fs.readFileSync(bridge, 'utf8'),
			fs.readFileSync(path.join(ext?.extensionPath ?? '?', 'dist', 'bridge.js'), 'utf8'),
		);
		assert.match(text, /^unset .*HOOKWARDEN_AUDIT_FILE.*NODE_OPTIONS/m);
	});
});
