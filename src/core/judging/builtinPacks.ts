import type { Pack, PackId } from './pack';
import { destructiveCommandsPack } from './packs/destructiveCommands';
import { protectedPathsPack } from './packs/protectedPaths';
import { secretsPack } from './packs/secrets';

/** Every built-in pack by id; which of them run is decided by `hookwarden.packs`. */
export const BUILTIN_PACKS: ReadonlyMap<PackId, Pack> = new Map<PackId, Pack>([
	['destructiveCommands', destructiveCommandsPack],
	['protectedPaths', protectedPathsPack],
	['secrets', secretsPack],
]);
