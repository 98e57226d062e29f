/** A node of the *Policies* view; plain data, so every group's presenter is pure. */
export interface PolicyNodeView {
	readonly key: string;
	readonly label: string;
	readonly description: string;
	readonly tooltip: string;
	readonly iconId: string;
	readonly iconColorId?: string;
	/**
	 * `hookwarden:policyGroup`, `hookwarden:rule+active|+invalid|+ignored`, `hookwarden:pack+on|+off`,
	 * `hookwarden:setting`, `hookwarden:exception+…`, `hookwarden:grant+session|+rule`; menus match these.
	 */
	readonly contextValue: string;
	/** Where a click jumps: the settings file and the entry's index in its list setting (`hookwarden.rules` by default). */
	readonly reveal?: { readonly file: string; readonly index: number; readonly setting?: string };
	/** What a click runs instead, when the node is not an entry in a settings file. */
	readonly open?: { readonly command: string; readonly arguments: readonly unknown[] };
	/** What *Revoke* undoes for this node. */
	readonly revoke?: RevokeTarget;
	readonly children?: readonly PolicyNodeView[];
}

/** A settings scope as the *Policies* view names it. */
export type SettingsScope = 'user' | 'workspace' | 'folder';

/** What *Revoke* undoes: a session grant in memory, or one entry of a list setting in one settings file. */
export type RevokeTarget =
	| { readonly kind: 'grant'; readonly id: string }
	| {
			readonly kind: 'entry';
			readonly setting: 'rules' | 'exceptions';
			readonly scope: SettingsScope;
			readonly index: number;
			/** The entry as it was read, so a file changed since is not edited blindly. */
			readonly entry: unknown;
	  };

/** One settings scope's raw entries of a list setting, as written in its file. */
export interface EntriesLayer {
	readonly scope: SettingsScope;
	readonly file: string;
	readonly entries: readonly unknown[];
}

/** The titles scopes are shown under. */
export const SCOPE_TITLES: Readonly<Record<SettingsScope, string>> = {
	user: 'User Settings',
	workspace: 'Workspace Settings',
	folder: 'Folder Settings',
};

/** Shortens a criterion (a pattern or a list of them) to fit a row's description. */
export function formatCriterion(value: unknown): string {
	const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
	return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
