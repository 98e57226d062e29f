import { normalizePath, pathInside, resolvePath } from '../paths/pathMath';

/** The file name of the log in the extension's workspace storage. */
export const AUDIT_FILE_NAME = 'audit.jsonl';

/** The folder, under the extension's global storage, that holds pointers and logs written before any window. */
export const AUDIT_POINTER_FOLDER = 'audit';

/**
 * A short, stable, file-name-safe key for a workspace folder: its base name plus a hash of its normalised path, so
 * the window and the headless bridge, which both know only the folder, name the same pointer file.
 */
export function auditKeyOf(workspaceFolder: string): string {
	let path = normalizePath(workspaceFolder);
	if (/^[a-zA-Z]:\//.test(path)) {
		// Windows paths are case-insensitive; the bridge and the window may spell the drive differently.
		path = path.toLowerCase();
	}
	// FNV-1a over UTF-16 units: no crypto module to load at every bridge start, and collisions also need the same name.
	let hash = 0x811c9dc5;
	for (let i = 0; i < path.length; i++) {
		hash ^= path.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	const name =
		(path.split('/').pop() ?? '').replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 40) || 'root';
	return `${name}-${hash.toString(16).padStart(8, '0')}`;
}

/** Where the window tells bridges which log serves a workspace folder. */
export function auditPointerFile(globalStorage: string, workspaceFolder: string): string {
	return `${globalStorage}/${AUDIT_POINTER_FOLDER}/${auditKeyOf(workspaceFolder)}.json`;
}

/** Where a bridge logs for a folder no window has claimed yet; the next window for that folder adopts the lines. */
export function orphanAuditFile(globalStorage: string, workspaceFolder: string): string {
	return `${globalStorage}/${AUDIT_POINTER_FOLDER}/${auditKeyOf(workspaceFolder)}.jsonl`;
}

/** The name of the `n`-th rotated file (1 is the newest): `audit.jsonl` → `audit.1.jsonl`. */
export function rotatedAuditFile(file: string, n: number): string {
	return /\.jsonl$/i.test(file) ? file.replace(/\.jsonl$/i, `.${n}.jsonl`) : `${file}.${n}`;
}

/** What a pointer file holds. */
export interface AuditPointer {
	readonly v: 1;
	readonly folder: string;
	readonly file: string;
}

/** Reads a pointer file's JSON; `undefined` when it is not one. */
export function parseAuditPointer(value: unknown): AuditPointer | undefined {
	const pointer = value as Partial<AuditPointer> | null;
	return typeof pointer === 'object' &&
		pointer !== null &&
		pointer.v === 1 &&
		typeof pointer.folder === 'string' &&
		typeof pointer.file === 'string' &&
		pointer.file !== ''
		? { v: 1, folder: pointer.folder, file: pointer.file }
		: undefined;
}

/**
 * Resolves `hookwarden.audit.path` for a workspace folder. The file must end in `.jsonl` and lie inside the folder:
 * the setting can come from a cloned repository, which must not be able to point Hookwarden's appends at a shell
 * profile or any other file outside the workspace, or at a file that is not a log.
 */
export function resolveAuditPathSetting(
	setting: string,
	workspaceFolder: string,
): { readonly file: string } | { readonly problem: string } {
	const file = resolvePath(setting, workspaceFolder, undefined);
	if (!/\.jsonl$/i.test(file)) {
		return { problem: `hookwarden.audit.path must name a .jsonl file (got '${setting}')` };
	}
	const inside = pathInside(file, workspaceFolder);
	if (inside === undefined || inside === '') {
		return {
			problem: `hookwarden.audit.path must stay inside the workspace folder ${workspaceFolder} (got '${setting}')`,
		};
	}
	return { file };
}
