import type { Effect } from '../effects/effect';
import type { ProgramModel } from '../programs/programModel';
import { clientStatements } from './clientStatements';
import { readStatements } from './readStatements';
import { lossAction } from './statementLoss';

/**
 * What a data-store client's statements lose (`psql -c 'DROP TABLE users'`, a heredoc fed to `mysql`, `redis-cli
 * FLUSHALL`, a driver's `execute('…')` in interpreter code): one `serviceDataLoss` effect per losing statement,
 * phrased by its kind. Everyday statements (`SELECT`, `INSERT`, an `UPDATE` with a `WHERE`) give none.
 */
export const dataStoreStatements: ProgramModel = (call) => {
	const found = clientStatements(call.command.argv, call.command.stdinText);
	if (!found) {
		return [];
	}
	return found.texts.flatMap((text) =>
		readStatements(text, found.language, call.readSql).map((loss): Effect =>
			call.effect({ kind: 'serviceDataLoss', subject: 'serviceData', action: lossAction(loss) }),
		),
	);
};
