import { describe, expect, it } from 'vitest';

import { runtimeFolder, secretFile, tlsIdentityFile } from '../../../src/protocol/endpoint';
import { ownStateLocations } from '../../../src/node/ownStateLocations';
import { currentEndpointHost } from '../../../src/node/runtime/runtimeFolder';

describe('ownStateLocations', () => {
	const env = {
		XDG_RUNTIME_DIR: '/run/user/4242',
		USER: 'me',
		HOOKWARDEN_USER_SETTINGS: '/opt/portable/data/user-data/User/settings.json',
		HOOKWARDEN_AUDIT_FILE: '/var/log/hw.jsonl',
	};
	const own = ownStateLocations(env, '/home/me', { auditPaths: ['/extra/storage'] });

	it('finds the runtime folder and secret where the window and bridges put them', () => {
		const runtime = runtimeFolder(currentEndpointHost(env));
		expect(own.runtimeFolder).toBe(runtime);
		expect(own.secretFile).toBe(secretFile(runtime));
		expect(own.launcherFolder).toBe('/home/me/.hookwarden');
	});

	it('names the audit storage, the audit file override, the launcher-named settings and every editor build', () => {
		expect(own.auditPaths).toEqual([
			'/opt/portable/data/user-data/User/globalStorage/hookwarden.hookwarden',
			'/var/log/hw.jsonl',
			'/extra/storage',
		]);
		expect(own.userSettingsFile).toBe('/opt/portable/data/user-data/User/settings.json');
		expect(own.editorUserFolders).toEqual(
			expect.arrayContaining([
				'/home/me/.config/Code/User',
				'/home/me/.config/Code - Insiders/User',
				'/home/me/.config/VSCodium/User',
				'/home/me/.config/Cursor/User',
				'/home/me/.local/share/code-server/User',
				'/home/me/.vscode-server/data/User',
				'/home/me/.vscode-server/data/Machine',
				'/home/me/Library/Application Support/Code/User',
				// Sandboxed packages and the open-source server keep theirs elsewhere.
				'/home/me/.var/app/com.visualstudio.code/config/Code/User',
				'/home/me/snap/code/current/.config/Code/User',
				'/home/me/.openvscode-server/data/Machine',
			]),
		);
		expect(own.variables).toMatchObject({ HOME: '/home/me', XDG_RUNTIME_DIR: '/run/user/4242' });
	});

	it('carries the variables the window exports into terminals, so `$HOOKWARDEN_SECRET_FILE` names the secret', () => {
		const runtime = runtimeFolder(currentEndpointHost(env));
		expect(own.variables).toMatchObject({
			HOOKWARDEN_SECRET_FILE: secretFile(runtime),
			HOOKWARDEN_ENDPOINT: `${runtime}/w-*.sock`,
		});
		expect(own.keyFiles).toEqual([tlsIdentityFile(runtime)]);
	});

	it('names the extensions folders of every build and the state that records disabled extensions', () => {
		const withExtension = ownStateLocations(env, '/home/me', {
			extensionFolders: ['/opt/exts'],
		});
		expect(withExtension.editorExtensionRecords).toEqual(
			expect.arrayContaining([
				'/home/me/.vscode/extensions',
				'/home/me/.vscode-server/extensions',
				'/home/me/.cursor/extensions',
				'/opt/exts',
				'/home/me/.config/Code/User/globalStorage/state.vscdb',
				'/home/me/.config/Code/User/workspaceStorage',
			]),
		);
	});

	it('guards the settings files above a workspace, up to home', () => {
		expect(
			ownStateLocations(env, '/home/me', { workspaceFolder: '/home/me/code/proj' })
				.outerSettingsFiles,
		).toEqual(['/home/me/code/.vscode/settings.json']);
	});

	it('follows the runtime folder the launcher pins', () => {
		const pinned = ownStateLocations(
			{ ...env, HOOKWARDEN_RUNTIME_FOLDER: '/pinned/hw' },
			'/home/me',
		);
		expect(pinned.runtimeFolder).toBe('/pinned/hw');
		expect(pinned.secretFile).toBe('/pinned/hw/secret.header');
	});

	it('leaves the audit file out when logging is off', () => {
		expect(
			ownStateLocations({ HOOKWARDEN_AUDIT_FILE: 'off' }, '/home/me').auditPaths,
		).not.toContain('off');
	});
});
