/*
 * The entry of `dist/bridge-snapshots.js`: everything a bridge process does with snapshots (the store, the keeper and
 * its client, pruning, restoring). It is a bundle of its own so a call that changes no file (most hook events) never
 * loads it; see loadSnapshotBundle.ts.
 */
export { FileSnapshots } from './fileSnapshots';
export { KeeperSnapshots } from './keeperSnapshots';
export { keeperEndpoint, runSnapshotKeeper } from './snapshotKeeper';
export { snapshotStoreRoot } from './snapshotStore';
export { pruneDue } from './pruneStore';
export { pruneInBackground, startKeeperInBackground } from './backgroundBridges';
