import { describe, expect, it } from 'vitest';

import type { PolicyNodeView } from '../../../../src/ui/policies/groups/policyNode';
import { changedRows, drawingOf } from '../../../../src/ui/policies/policyDrawing';

function row(key: string, description = '', children?: PolicyNodeView[]): PolicyNodeView {
	return {
		key,
		label: key,
		description,
		tooltip: '',
		iconId: 'circle',
		contextValue: 'hookwarden:test',
		...(children && { children }),
	};
}

const grants = (...children: PolicyNodeView[]) => row('g:grants', `${children.length}`, children);

describe('what a redraw of the Policies view refreshes', () => {
	it('indexes every row by its key, top rows in order', () => {
		const drawing = drawingOf([grants(row('gs:1'), row('gs:2')), row('default')]);
		expect(drawing.roots).toEqual(['g:grants', 'default']);
		expect([...drawing.nodes.keys()]).toEqual(['g:grants', 'gs:1', 'gs:2', 'default']);
	});

	it('refreshes nothing when nothing shown changed, so rows keep their identity', () => {
		const draw = () => drawingOf([grants(row('gs:1', 'since 10:00')), row('default', 'ask')]);
		expect(changedRows(draw(), draw())).toEqual([]);
	});

	it('refreshes only the row whose text changed', () => {
		const before = drawingOf([grants(row('gs:1', 'since 10:00')), row('providers', '0 ms')]);
		const after = drawingOf([grants(row('gs:1', 'since 10:00')), row('providers', '3 ms')]);
		expect(changedRows(before, after)).toEqual(['providers']);
	});

	it('refreshes the parent of a row added or removed, which re-reads its children', () => {
		const before = drawingOf([grants(row('gs:1')), row('default')]);
		const after = drawingOf([grants(row('gs:1'), row('gs:2')), row('default')]);
		expect(changedRows(before, after)).toEqual(['g:grants']);
		expect(changedRows(after, before)).toEqual(['g:grants']);
	});

	it('a changed revoke target counts as a change, so a command never acts on what the row no longer shows', () => {
		const exception = (index: number): PolicyNodeView => ({
			...row('ex:ws:0'),
			revoke: { kind: 'entry', setting: 'exceptions', scope: 'workspace', index, entry: {} },
		});
		expect(changedRows(drawingOf([exception(0)]), drawingOf([exception(1)]))).toEqual(['ex:ws:0']);
	});

	it('redraws everything when the top rows change', () => {
		const before = drawingOf([row('default')]);
		expect(changedRows(before, drawingOf([row('machine'), row('default')]))).toBe('all');
		expect(changedRows(before, drawingOf([row('other')]))).toBe('all');
	});
});
