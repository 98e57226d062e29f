import { describe, expect, it } from 'vitest';

import { presentMachinePolicy } from '../../../../src/ui/policies/groups/machinePolicyGroup';
import { presentPolicies } from '../../../../src/ui/policies/policyPresenter';

const file = '/etc/hookwarden/policy.json';

describe('the Policies view shows the machine policy', () => {
	it('shows nothing on a machine without one', () => {
		expect(presentMachinePolicy({ kind: 'absent', file })).toBeUndefined();
	});

	it('lists each locked setting with its value, first in the view', () => {
		const groups = presentPolicies({
			layers: [],
			problems: [],
			trusted: true,
			packs: [],
			defaultVerdict: 'ask',
			machinePolicy: {
				kind: 'read',
				file,
				problems: [],
				layer: {
					source: { kind: 'machinePolicy', file },
					locks: true,
					values: { failMode: 'closed', rules: [{ command: 'curl', verdict: 'deny' }], bogus: 1 },
				},
			},
		});
		const group = groups[0];
		expect(group?.label).toBe('Machine Policy');
		expect(group?.description).toBe('2 locked');
		expect(group?.children?.map((c) => [c.label, c.description])).toEqual([
			['hookwarden.failMode', '🔒 "closed"'],
			['hookwarden.rules', '🔒 1 entry'],
		]);
		expect(group?.children?.[0]?.tooltip).toContain('can only make it stricter');
	});

	it('says why a file is ignored, with a warning icon', () => {
		const node = presentMachinePolicy({
			kind: 'ignored',
			file,
			problem: 'the file belongs to uid 1000, not root',
		});
		expect(node).toMatchObject({
			description: 'ignored',
			iconId: 'warning',
			tooltip: `${file} is ignored: the file belongs to uid 1000, not root.`,
		});
	});
});
