import type * as ChildProcess from 'node:child_process';
import { createRequire } from 'node:module';

const lazyRequire = createRequire(__filename);

/**
 * `node:child_process`, loaded on first use: it pulls in `net` and Node's stream machinery, which a bridge process
 * that spawns nothing (most hook events) should not load at start-up.
 */
export function childProcess(): typeof ChildProcess {
	return lazyRequire('node:child_process') as typeof ChildProcess;
}
