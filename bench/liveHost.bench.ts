// Stands in for the extension host in the benchmark: the same HookServer and HookPipeline the extension wires up in
// activate(), listening on a unix socket, deciding with the same policy engine. `npm run bench` runs it as a process of
// its own (`--serve <folder>`, driven over the fork IPC channel), as the extension host is: in the benchmark's own
// process it would share one event loop with the code that times the spawns.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ApprovalQueue } from '../src/core/approvals/approvalQueue';
import { ApprovalGate } from '../src/core/pipeline/approvalGate';
import { HookDecider } from '../src/core/pipeline/hookDecider';
import { compilePolicy } from '../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../src/core/policy/defaultHooksProvider';
import { readPolicySettings } from '../src/core/policy/readPolicySettings';
import { CompositeHooksProvider } from '../src/core/provider/compositeHooksProvider';
import { SessionTracker } from '../src/core/sessions/sessionTracker';
import { SYSTEM_CLOCK } from '../src/core/util/clock';
import { createShellAnalyzer } from '../src/node/shell/shellGrammars';
import { HookServer } from '../src/host/hookServer';
import { posixLauncher } from '../src/host/installer/launcherScripts';

// What the bench driver (run.mjs, plain JavaScript) posts with, so its requests speak the window's current protocol.
export { HOOK_PATH, PROTOCOL_VERSION } from '../src/protocol/wire';

export async function startHost(folder: string): Promise<{
	socket: string;
	secretFile: string;
	recorded: () => number;
	stop: () => Promise<void>;
}> {
	mkdirSync(folder, { recursive: true });
	const token = 'b'.repeat(43);
	const secretFile = join(folder, 'secret.header');
	writeFileSync(secretFile, `Authorization: Bearer ${token}\n`, { mode: 0o600 });
	const socket = join(folder, 'w.sock');
	const policy = compilePolicy(
		readPolicySettings([
			{
				source: { kind: 'userSettings' },
				values: { rules: [{ command: 'curl', verdict: 'deny' }] },
			},
		]).settings,
	);
	const analyzer = await createShellAnalyzer({ baselineWasmOnly: false });
	const sessions = new SessionTracker();
	const chain = new CompositeHooksProvider([
		{
			provider: new DefaultHooksProvider({
				policy: () => policy,
				analyzeShell: (line, dialect) => analyzer.analyze(line, dialect),
			}),
			priority: 0,
		},
	]);
	const pipeline = new HookDecider({
		chain,
		gate: new ApprovalGate(new ApprovalQueue(SYSTEM_CLOCK), SYSTEM_CLOCK),
		sessions,
		clock: SYSTEM_CLOCK,
		policy: () => policy,
		workspaceFolderFor: () => folder,
		origin: 'window',
	});
	const server = new HookServer(socket, token, (call) => pipeline.decide(call), {
		warn: () => undefined,
		info: () => undefined,
	});
	await server.listen();
	return {
		socket,
		secretFile,
		recorded: () => sessions.events().length,
		stop: () => server.close(),
	};
}

/** Writes the POSIX launcher the installer writes, pointing at the built bridge. */
export function writeLauncher(folder: string, bridgePath: string): string {
	const file = join(folder, 'hookwarden-hook');
	writeFileSync(
		file,
		posixLauncher({ bridgePath, nodeFallback: process.execPath, version: 'bench' }),
	);
	chmodSync(file, 0o755);
	return file;
}

if (process.argv[2] === '--serve' && process.send) {
	const folder = process.argv[3] ?? '';
	void startHost(folder).then((host) => {
		process.send?.({ socket: host.socket, secretFile: host.secretFile });
		process.on('message', (message) => {
			if (message === 'recorded') {
				process.send?.({ recorded: host.recorded() });
			} else if (message === 'stop') {
				void host.stop().then(() => process.exit(0));
			}
		});
	});
}
