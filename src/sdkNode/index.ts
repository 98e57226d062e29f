/**
 * `hookwarden/sdk` as the npm package `hookwarden` ships it: the pure provider layer of `src/sdk`, with the node
 * parts it needs to decide a call exactly as the bridge does: the bridge's tree-sitter shell reader (its `.wasm`
 * grammars ship next to the bundle) and Hookwarden's own-state locations for the protectedPaths pack.
 */
export * from '../sdk/index';
// Declared here, so it takes the place of the pure module's provider of the same name.
export { DefaultHooksProvider } from './defaultProvider';
export { createShellReader } from './shellReader';
export { snapshotsFor } from './snapshots';
