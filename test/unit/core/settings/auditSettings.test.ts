import { describe, expect, it } from 'vitest';

import {
	AUDIT_LOCATION_KEYS,
	readAuditSettings,
} from '../../../../src/core/settings/auditSettings';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';

const user = { kind: 'userSettings' } as const;
const workspace = { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' } as const;
const chosen = { 'audit.path': 'logs/a.jsonl', 'audit.maxFileSizeMB': 1, 'audit.retention': 1 };

describe('audit settings from a workspace that is not trusted', () => {
	it('ignores where the log goes and how much is kept, window and headless alike', () => {
		const settings = readAuditSettings([
			{ source: user, values: { 'audit.retention': 7 } },
			{ source: workspace, values: { ...chosen, 'context.stopSummary': true }, tightenOnly: true },
		]);
		expect(settings).toMatchObject({
			path: '',
			retention: 7,
			maxBytes: 10 * 1024 * 1024,
			stopSummary: true,
		});
	});

	it('applies them from a trusted workspace', () => {
		expect(readAuditSettings([{ source: workspace, values: chosen }])).toMatchObject({
			path: 'logs/a.jsonl',
			retention: 1,
		});
	});

	it('reports each ignored one', () => {
		const { problems } = readPolicySettings([
			{ source: workspace, values: chosen, tightenOnly: true },
		]);
		expect(problems.map((p) => p.key).sort()).toEqual([...AUDIT_LOCATION_KEYS].sort());
	});
});
