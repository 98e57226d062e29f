import { packFindings } from '../judgeEffects';
import type { Pack } from '../pack';

/**
 * Built-in pack that denies irreversible actions (recursive deletes of what matters, force pushes, disk writes,
 * downloaded scripts run unread) and asks before other deletes, discarded work, hidden code and service data loss:
 * the `destructiveCommands` rows of the judge table, over every effect the call has.
 */
export const destructiveCommandsPack: Pack = {
	id: 'destructiveCommands',
	evaluate: (input) => packFindings(input, 'destructiveCommands'),
};
