// The `*** Begin Patch` format (apply_patch in VS Code, the Copilot CLI and Codex): every content line is
// prefixed with ` `, `-` or `+`, so a line starting `*** ` is always a header.
const ENVELOPE_HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/;
const ENVELOPE_START = /^\*\*\* Begin Patch\s*$/m;

const UNIFIED_OLD = /^--- (.+)$/;
const UNIFIED_NEW = /^\+\+\+ (.+)$/;
const UNIFIED_RENAME = /^(?:rename|copy) (?:from|to) (.+)$/;
const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/**
 * Every file a patch names in its headers, in order, unique: `*** Add/Update/Delete File:` and `*** Move to:`
 * in the apply_patch format, else unified-diff `---`/`+++` (without `a/`/`b/`, never `/dev/null`) and git renames.
 */
export function pathsInPatch(patch: string): string[] {
	const lines = patch.split(/\r?\n/);
	const found = ENVELOPE_START.test(patch) ? envelopePaths(lines) : unifiedPaths(lines);
	return [...new Set(found)];
}

function envelopePaths(lines: readonly string[]): string[] {
	const paths: string[] = [];
	for (const line of lines) {
		const path = ENVELOPE_HEADER.exec(line)?.[1]?.trim();
		if (path) {
			paths.push(path);
		}
	}
	return paths;
}

function unifiedPaths(lines: readonly string[]): string[] {
	const paths: string[] = [];
	// Inside a hunk, a removed `-- x` reads `--- x`: counting the hunk's lines is the only way to tell.
	let oldLeft = 0;
	let newLeft = 0;
	for (const line of lines) {
		if (oldLeft > 0 || newLeft > 0) {
			const marker = line[0];
			if (marker === '-') {
				oldLeft--;
			} else if (marker === '+') {
				newLeft--;
			} else if (marker !== '\\') {
				oldLeft--;
				newLeft--;
			}
			continue;
		}
		const hunk = HUNK.exec(line);
		if (hunk) {
			oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
			newLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
			continue;
		}
		const header = UNIFIED_OLD.exec(line) ?? UNIFIED_NEW.exec(line);
		const path = header
			? unifiedHeaderPath(header[1] ?? '')
			: UNIFIED_RENAME.exec(line)?.[1]?.trim();
		if (path) {
			paths.push(path);
		}
	}
	return paths;
}

function unifiedHeaderPath(raw: string): string | undefined {
	// `--- a/src/x.ts\t2026-01-01 00:00:00`: the timestamp after a tab is not part of the name.
	const name = (raw.split('\t')[0] ?? '').trim();
	if (name === '' || name === '/dev/null') {
		return undefined;
	}
	return /^[ab]\//.test(name) ? name.slice(2) : name;
}
