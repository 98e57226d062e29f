import * as vscode from 'vscode';

import type { HookAnswer, HookCall } from '../core/pipeline/hookCall';
import { newWindowEndpoint, openRuntimeFolder } from '../node/runtime/runtimeFolder';
import { ensureSecret } from '../node/runtime/secret';
import { removeLease, writeLease } from '../node/runtime/windowLeases';
import { HookServer } from './hookServer';

/**
 * This window's private endpoint: the socket server, its lease in the runtime folder (rewritten when folders change),
 * and the environment variables that route hooks this extension host spawns — and hooks run in this window's
 * terminals, such as the Copilot CLI — straight to it.
 */
export class WindowEndpointService implements vscode.Disposable {
	private server: HookServer | undefined;
	private leaseFile: string | undefined;
	private readonly subscriptions: vscode.Disposable[] = [];

	private constructor(
		readonly endpoint: string,
		readonly secretFile: string,
		private readonly runtime: string,
		/** The per-install secret, for other parts of the window that sign what bridges must believe. */
		readonly secret: string,
	) {}

	/** Listens and publishes the endpoint; throws with a clear message when the runtime folder is unusable. */
	static async start(
		context: vscode.ExtensionContext,
		handle: (call: HookCall) => Promise<HookAnswer>,
		log: vscode.LogOutputChannel,
	): Promise<WindowEndpointService> {
		const runtime = openRuntimeFolder(process.env, { create: true });
		if (!runtime.ok) {
			throw new Error(runtime.problem);
		}
		const secret = ensureSecret(runtime.folder);
		const service = new WindowEndpointService(
			newWindowEndpoint(),
			secret.file,
			runtime.folder,
			secret.token,
		);
		service.server = new HookServer(service.endpoint, secret.token, handle, log);
		await service.server.listen();
		service.publishLease();
		service.subscriptions.push(
			vscode.workspace.onDidChangeWorkspaceFolders(() => service.publishLease()),
		);
		// Hook processes inherit the extension host's environment, so this routes them to this window exactly.
		process.env.HOOKWARDEN_ENDPOINT = service.endpoint;
		process.env.HOOKWARDEN_SECRET_FILE = secret.file;
		const terminals = context.environmentVariableCollection;
		terminals.description =
			'Routes agent hooks run in this window’s terminals (such as the Copilot CLI) to Hookwarden in this window.';
		terminals.replace('HOOKWARDEN_ENDPOINT', service.endpoint);
		terminals.replace('HOOKWARDEN_SECRET_FILE', secret.file);
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
