import { pathInside } from '../paths/pathMath';
import type { CompiledGlob } from './compilePolicy';

/** Whether an absolute path matches a glob, reading workspace-anchored globs relative to the folder (outside it: no match). */
export function matchGlob(
	glob: CompiledGlob,
	absolutePath: string,
	workspaceFolder: string | undefined,
	homeDir: string | undefined,
): boolean {
	if (glob.anchor === 'absolute') {
		return glob.test(absolutePath);
	}
	const root = glob.anchor === 'home' ? homeDir : workspaceFolder;
	if (!root) {
		return false;
	}
	const relative = pathInside(absolutePath, root);
	return relative !== undefined && relative !== '' && glob.test(relative);
}
