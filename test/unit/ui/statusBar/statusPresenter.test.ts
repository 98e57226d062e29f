import { describe, expect, it } from 'vitest';

import { presentStatus } from '../../../../src/ui/statusBar/statusPresenter';

describe('presentStatus', () => {
	it.each([
		[{ pending: 2, paused: false, hooksActive: true }, '$(shield) 2 approvals', 'answer'],
		[{ pending: 1, paused: true, hooksActive: true }, '$(shield) 1 approval', 'answer'],
		[{ pending: 0, paused: true, hooksActive: true }, '$(debug-pause) Hookwarden paused', 'resume'],
		[
			{ pending: 0, paused: false, hooksActive: false },
			'$(shield) Hookwarden: not active',
			'showView',
		],
		[{ pending: 0, paused: false, hooksActive: true }, '$(shield) Hookwarden', 'showView'],
	] as const)('%j → %s', (input, text, action) => {
		const view = presentStatus(input);
		expect(view.text).toBe(text);
		expect(view.action).toBe(action);
	});

	it('asks for attention while something waits or while paused', () => {
		expect(presentStatus({ pending: 1, paused: false, hooksActive: true }).backgroundColorId).toBe(
			'statusBarItem.warningBackground',
		);
		expect(
			presentStatus({ pending: 0, paused: false, hooksActive: true }).backgroundColorId,
		).toBeUndefined();
	});
});
