import * as vscode from 'vscode';

import type { HookAnswer, HookCall } from '../core/pipeline/hookCall';
import { newWindowEndpoint, openRuntimeFolder } from '../node/runtime/runtimeFolder';
import { ensureSecret } from '../node/runtime/secret';
import type { TlsIdentity } from '../node/runtime/tlsIdentity';
import { ensureTlsIdentity } from '../node/runtime/tlsIdentity';
import { removeLease, writeLease } from '../node/runtime/windowLeases';
import { HookServer } from './hookServer';

/**
 * This window's private endpoint: the socket server, its lease in the runtime folder (rewritten when folders change),
 * and the environment variable that routes hooks this extension host spawns — and hooks run in this window's
 * terminals, such as the Copilot CLI — straight to it. Nothing secret is exported: the launcher finds the TLS identity
 * where it was pinned, and a node bridge finds the secret in the runtime folder.
 */
export class WindowEndpointService implements vscode.Disposable {
	private server: HookServer | undefined;
	private leaseFile: string | undefined;
	private readonly subscriptions: vscode.Disposable[] = [];

	private constructor(
		readonly endpoint: string,
		/** The runtime folder this window uses, which the launcher pins. */
		readonly runtime: string,
		/** The per-install secret, for other parts of the window that sign what bridges must believe. */
		readonly secret: string,
		/** The fast path's TLS identity, whose file and pin the launcher is written with. */
		readonly identity: TlsIdentity,
	) {}

	/** Listens and publishes the endpoint; throws with a clear message when the runtime folder is unusable. */
	static async start(
		context: vscode.ExtensionContext,
		handle: (call: HookCall) => Promise<HookAnswer>,
		log: vscode.LogOutputChannel,
	): Promise<WindowEndpointService> {
		// HOOKWARDEN_RUNTIME_FOLDER is the launcher's word to the bridge; a window computes its folder for itself.
		const env = { ...process.env, HOOKWARDEN_RUNTIME_FOLDER: undefined };
		const runtime = openRuntimeFolder(env, { create: true });
		if (!runtime.ok) {
			throw new Error(runtime.problem);
		}
		const secret = ensureSecret(runtime.folder);
		const identity = ensureTlsIdentity(runtime.folder);
		const service = new WindowEndpointService(
			newWindowEndpoint(env),
			runtime.folder,
			secret.token,
			identity,
		);
		service.server = new HookServer(
			service.endpoint,
			{ secret: secret.token, identity },
			handle,
			log,
		);
		await service.server.listen();
		service.publishLease();
		service.subscriptions.push(
			vscode.workspace.onDidChangeWorkspaceFolders(() => service.publishLease()),
		);
		// Hook processes inherit the extension host's environment, so this routes them to this window exactly.
		process.env.HOOKWARDEN_ENDPOINT = service.endpoint;
		delete process.env.HOOKWARDEN_SECRET_FILE;
		const terminals = context.environmentVariableCollection;
		terminals.description =
			'Routes agent hooks run in this window’s terminals (such as the Copilot CLI) to Hookwarden in this window.';
		terminals.replace('HOOKWARDEN_ENDPOINT', service.endpoint);
		// Earlier versions exported where the secret is; terminals of this window no longer carry it.
		terminals.delete('HOOKWARDEN_SECRET_FILE');
		log.info(`listening on ${service.endpoint}`);
		return service;
	}

	dispose(): void {
		vscode.Disposable.from(...this.subscriptions).dispose();
		if (this.leaseFile) {
			removeLease(this.leaseFile);
		}
		if (process.env.HOOKWARDEN_ENDPOINT === this.endpoint) {
			delete process.env.HOOKWARDEN_ENDPOINT;
		}
		void this.server?.close();
	}

	private publishLease(): void {
		const folders = (vscode.workspace.workspaceFolders ?? [])
			.filter((f) => f.uri.scheme === 'file')
			.map((f) => f.uri.fsPath);
		this.leaseFile = writeLease(this.runtime, {
			pid: process.pid,
			endpoint: this.endpoint,
			folders,
			startedAt: Date.now(),
		});
	}
}
