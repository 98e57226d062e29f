import { join } from 'node:path';

import type { SqlReader } from '../../core/reading/statements/statementLoss';
import { loadCachedBundle } from '../cachedBundle';

/** What `dist/bridge-sql.js` exports. */
interface SqlParserBundle {
	createSqlReader(): SqlReader;
}

/**
 * A loader of the SQL parser from the `bridge-sql.js` bundle in `bundleFolder`, for `PolicyProviderServices`: the
 * parser (about 1.3 MB of grammars) stays out of the main bundle and is read only for a call that carries a statement
 * that may lose data. A bundle that cannot be loaded resolves `undefined` (statements are then read with patterns)
 * and is tried again on the next call.
 */
export function sqlReaderLoader(
	bundleFolder: string,
	warn?: (line: string) => void,
): () => Promise<SqlReader | undefined> {
	let reader: SqlReader | undefined;
	return () => {
		try {
			reader ??= (
				loadCachedBundle(join(bundleFolder, 'bridge-sql.js')) as SqlParserBundle
			).createSqlReader();
		} catch (error) {
			warn?.(
				`the SQL parser could not be loaded (${(error as Error).message}); statements are read with patterns`,
			);
		}
		return Promise.resolve(reader);
	};
}
