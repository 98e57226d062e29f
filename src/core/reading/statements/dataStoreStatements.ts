import type { Effect } from '../../terms/effect';
import type { ProgramModel } from '../programs/programModel';
import { clientStatements } from './clientStatements';
import { readStatements } from './readStatements';
import type { StatementLoss } from './statementLoss';
import { lossAction } from './statementLoss';

/**
 * `redis-cli --scan | xargs redis-cli DEL`: a key delete whose keys a fan-out runner feeds from its input, known only
 * when the line runs and possibly every key.
 */
function keysFedIn(texts: readonly string[], fedByRunner: boolean): StatementLoss[] {
	const deletes = texts.some((text) => /^\s*(?:del|unlink)\b/i.test(text));
	return fedByRunner && deletes
		? [{ kind: 'deleteAll', object: 'the keys fed to it, possibly every key' }]
		: [];
}

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
	const fedByRunner = found.language === 'redis' && call.command.origin === 'xargs';
	return [
		...found.texts.flatMap((text) => readStatements(text, found.language, call.readSql)),
		...keysFedIn(found.texts, fedByRunner),
	].map((loss): Effect =>
		call.effect({ kind: 'serviceDataLoss', subject: 'serviceData', action: lossAction(loss) }),
	);
};
