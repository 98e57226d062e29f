import type { PolicyNodeView } from './groups/policyNode';

/** One drawing of the *Policies* view: its top rows' keys and every row by key. */
export interface PolicyDrawing {
	readonly roots: readonly string[];
	readonly nodes: ReadonlyMap<string, PolicyNodeView>;
}

/** Indexes a presented tree by the rows' keys (unique, as VS Code requires of tree item ids). */
export function drawingOf(roots: readonly PolicyNodeView[]): PolicyDrawing {
	const nodes = new Map<string, PolicyNodeView>();
	const visit = (node: PolicyNodeView): void => {
		nodes.set(node.key, node);
		node.children?.forEach(visit);
	};
	roots.forEach(visit);
	return { roots: roots.map((n) => n.key), nodes };
}

/**
 * What a redraw from `before` to `after` must refresh: nothing, the rows whose own text, icon, menus or child list
 * changed (a row refreshed re-reads its children), or `'all'` when the top rows changed. Refreshing only those rows
 * keeps every other row's identity in VS Code, so an inline action clicked on one during the redraw still reaches it.
 */
export function changedRows(
	before: PolicyDrawing,
	after: PolicyDrawing,
): readonly string[] | 'all' {
	if (!sameKeys(before.roots, after.roots)) {
		return 'all';
	}
	const changed: string[] = [];
	for (const [key, node] of after.nodes) {
		const old = before.nodes.get(key);
		if (old && rowText(old) !== rowText(node)) {
			changed.push(key);
		}
	}
	return changed;
}

/** A row as compared between drawings: everything it shows and carries, its children by key only. */
function rowText(node: PolicyNodeView): string {
	const { children, ...own } = node;
	return JSON.stringify([own, children?.map((c) => c.key)]);
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
	return a.length === b.length && a.every((key, i) => key === b[i]);
}
