import { describe, expect, it } from 'vitest';

import { guardedMeetings } from '../../../../../src/core/judging/paths/guardedMeetings';
import type { GuardedLocation } from '../../../../../src/core/judging/paths/guardedLocations';

const at = (path: string): GuardedLocation => ({ path, what: path, why: 'test' });
const LOCATIONS = [
	at('/home/me/.config/Code/User/settings.json'),
	at('/home/me/.copilot/hooks'),
	at('/home/me/.config/Code/User/tasks.json'),
	at('C:/Users/Me/AppData/Roaming/Code/User/settings.json'),
];

const meet = (path: string) =>
	guardedMeetings(LOCATIONS, path).map(
		({ location, within }) => `${within ? 'in' : 'holds'} ${location.path}`,
	);

describe('guardedMeetings: the guarded locations a path is in, or holds', () => {
	it('finds a location a path lies inside, or is', () => {
		expect(meet('/home/me/.copilot/hooks/hookwarden.json')).toEqual(['in /home/me/.copilot/hooks']);
		expect(meet('/home/me/.copilot/hooks')).toEqual(['in /home/me/.copilot/hooks']);
	});

	it('finds every location a folder holds, in the order they were listed', () => {
		expect(meet('/home/me')).toEqual([
			'holds /home/me/.config/Code/User/settings.json',
			'holds /home/me/.copilot/hooks',
			'holds /home/me/.config/Code/User/tasks.json',
		]);
		expect(meet('/')).toHaveLength(3);
	});

	it('does not take a name that only starts like a location for it', () => {
		expect(meet('/home/me/.copilot/hooks-old/x')).toEqual([]);
		expect(meet('/home/me/.config/Code/User/settings.json.bak')).toEqual([]);
	});

	it('compares drive paths without case, as Windows does', () => {
		expect(meet('c:/users/me/appdata/roaming/code/user/SETTINGS.JSON')).toEqual([
			'in C:/Users/Me/AppData/Roaming/Code/User/settings.json',
		]);
	});
});
