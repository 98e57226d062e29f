// Stands in for the extension host in the benchmark: the same HookServer and HookPipeline the extension wires up in
// activate(), listening on a unix socket, deciding with the same policy engine. `npm run bench` runs it as a process of
// its own (`--serve <folder>`, driven over the fork IPC channel), as the extension host is: in the benchmark's own
// process it would share one event loop with the code that times the spawns.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ApprovalQueue } from '../src/core/approvals/approvalQueue';
import { ApprovalGate } from '../src/core/pipeline/approvalGate';
import { HookDecider } from '../src/core/pipeline/hookDecider';
import { CallSnapshots } from '../src/core/pipeline/callSnapshots';
import { FileSnapshots } from '../src/node/snapshots/fileSnapshots';
import { compilePolicy } from '../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../src/core/provider/defaultHooksProvider';
import { readPolicySettings } from '../src/core/settings/readPolicySettings';
import { CompositeHooksProvider } from '../src/core/provider/compositeHooksProvider';
import { SessionTracker } from '../src/core/sessions/sessionTracker';
import { SYSTEM_CLOCK } from '../src/core/util/clock';
import { createShellAnalysis } from '../src/node/shell/shellAnalysis';
import { HookServer } from '../src/host/hookServer';
import { posixLauncher } from '../src/host/installer/launcherScripts';
import {
	currentEndpointHost,
	newWindowEndpoint,
	openRuntimeFolder,
} from '../src/node/runtime/runtimeFolder';
import { ensureSecret } from '../src/node/runtime/secret';
import { newNonce, signRequest } from '../src/node/runtime/secretMac';
import { ensureTlsIdentity, readTlsIdentity } from '../src/node/runtime/tlsIdentity';
import { runtimeFolder } from '../src/protocol/endpoint';
import { MAC_SCHEME, NONCE_HEADER } from '../src/protocol/wire';

// What the bench driver (run.mjs, plain JavaScript) posts with, so its requests speak the window's current protocol.
export { HOOK_PATH, PROTOCOL_VERSION } from '../src/protocol/wire';

/**
 * Starts the stand-in window with a runtime folder of its own under `folder` (`runtimeDir` is the XDG_RUNTIME_DIR
 * every client must be given): the node bridge trusts only the secret and sockets of a checked per-user runtime
 * folder, as it does beside a real window, so a secret file elsewhere would send it headless without a word.
 */
export async function startHost(folder: string): Promise<{
	socket: string;
	secretFile: string;
	token: string;
	runtimeDir: string;
	recorded: () => number;
	stop: () => Promise<void>;
}> {
	const runtimeDir = join(folder, 'run');
	mkdirSync(runtimeDir, { recursive: true, mode: 0o700 });
	const env = { ...process.env, XDG_RUNTIME_DIR: runtimeDir };
	const runtime = openRuntimeFolder(env);
	if (!runtime.ok) {
		throw new Error(runtime.problem);
	}
	const { file: secretFile, token } = ensureSecret(runtime.folder);
	const identity = ensureTlsIdentity(runtime.folder);
	const socket = newWindowEndpoint(env);
	const policy = compilePolicy(
		readPolicySettings([
			{
				source: { kind: 'userSettings' },
				values: { rules: [{ command: 'curl', verdict: 'deny' }] },
			},
		]).settings,
	);
	// As the extension's decision engine reads lines: the built grammar bundle, optimised wasm, recent readings kept.
	const analyzeShell = createShellAnalysis({
		bundleFolder: join(__dirname, '..', '..', 'dist'),
		baselineWasmOnly: false,
		keepInMemory: 1000,
	});
	const sessions = new SessionTracker();
	const provider = new DefaultHooksProvider({ policy: () => policy, analyzeShell });
	const chain = new CompositeHooksProvider([{ provider, priority: 0 }]);
	// As the window holds files: a store of its own, the workspace watched between calls.
	mkdirSync(join(folder, 'storage'), { recursive: true, mode: 0o700 });
	const snapshots = new CallSnapshots({
		port: new FileSnapshots({ storeRoot: join(folder, 'storage', 'snapshots'), watch: true }),
		effectsOf: (event, workspace) => provider.judgedEffects(event, workspace),
	});
	const pipeline = new HookDecider({
		chain,
		gate: new ApprovalGate(new ApprovalQueue(SYSTEM_CLOCK), SYSTEM_CLOCK),
		sessions,
		clock: SYSTEM_CLOCK,
		policy: () => policy,
		workspaceFolderFor: () => folder,
		origin: 'window',
		snapshots,
	});
	const server = new HookServer(
		socket,
		{ secret: token, identity },
		(call) => pipeline.decide(call),
		{
			warn: () => undefined,
			info: () => undefined,
		},
	);
	await server.listen();
	return {
		socket,
		secretFile,
		token,
		runtimeDir,
		recorded: () => sessions.events().length,
		stop: () => server.close(),
	};
}

/**
 * Writes the POSIX launcher the installer writes: the built bridge, this node, the stand-in window's runtime folder
 * (under `runtimeDir`, its XDG_RUNTIME_DIR) and the TLS identity it made there, with the system curl.
 */
export function writeLauncher(folder: string, bridgePath: string, runtimeDir: string): string {
	const runtime = runtimeFolder(
		currentEndpointHost({ ...process.env, XDG_RUNTIME_DIR: runtimeDir }),
	);
	const identity = readTlsIdentity(runtime);
	if (!('pin' in identity)) {
		throw new Error(identity.problem);
	}
	const file = join(folder, 'hookwarden-hook');
	writeFileSync(
		file,
		posixLauncher({
			bridgePath,
			runtime: { path: process.execPath, electron: false },
			version: 'bench',
			runtimeFolder: runtime,
			fastPath: {
				curl: '/usr/bin/curl',
				identityFile: identity.file,
				pin: identity.pin,
			},
		}),
	);
	chmodSync(file, 0o755);
	return file;
}

/** The head of a request signed as a node bridge signs it (the driver's 200 concurrent calls). */
export function signedHead(path: string, token: string, body: string): string {
	const nonce = newNonce();
	return (
		`POST ${path} HTTP/1.0\r\nAuthorization: ${MAC_SCHEME} ${signRequest(token, nonce, body)}\r\n` +
		`${NONCE_HEADER}: ${nonce}\r\nContent-Type: application/json\r\n` +
		`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`
	);
}

if (process.argv[2] === '--serve' && process.send) {
	const folder = process.argv[3] ?? '';
	void startHost(folder).then((host) => {
		process.send?.({
			socket: host.socket,
			secretFile: host.secretFile,
			token: host.token,
			runtimeDir: host.runtimeDir,
		});
		process.on('message', (message) => {
			if (message === 'recorded') {
				process.send?.({ recorded: host.recorded() });
			} else if (message === 'stop') {
				void host.stop().then(() => process.exit(0));
			}
		});
	});
}
