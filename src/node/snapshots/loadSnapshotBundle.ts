import { join } from 'node:path';

import { loadCachedBundle } from '../cachedBundle';
import type * as Bundle from './snapshotBundle';

/** What `dist/bridge-snapshots.js` exports (see snapshotBundle.ts). */
export type SnapshotBundle = typeof Bundle;

/**
 * Loads the snapshot bundle next to the calling bundle, once per process: a bridge pays for the store's code only
 * when a call may change files, or when a person restores one.
 */
export function loadSnapshotBundle(bundleFolder: string): SnapshotBundle {
	return loadCachedBundle(join(bundleFolder, 'bridge-snapshots.js')) as SnapshotBundle;
}
