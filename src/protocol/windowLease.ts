import { builtOnFirstUse } from '../core/util/builtOnFirstUse';
import * as z from '../core/util/zod';
import { PROTOCOL_VERSION } from './wire';

/**
 * Written by each VS Code window's extension host into the per-user runtime folder while it listens, read by the
 * bridge to find the window that serves a folder: which process, which endpoint, which workspace folders.
 */
export const windowLeaseSchema = builtOnFirstUse(() =>
	z.object({
		v: z.literal(PROTOCOL_VERSION),
		/** The extension host's pid; a lease whose process is gone is stale and is removed by whoever notices. */
		pid: z.number().check(z.int(), z.positive()),
		/** The unix socket path or Windows pipe name the window listens on. */
		endpoint: z.string().check(z.minLength(1)),
		/** Absolute workspace folder paths of the window (several for a multi-root workspace). */
		folders: z.array(z.string().check(z.minLength(1))),
		/** Epoch milliseconds; among windows serving the same folder the newest wins. */
		startedAt: z.number(),
	}),
);

/** One window's lease. */
export type WindowLease = z.infer<ReturnType<typeof windowLeaseSchema>>;

/**
 * Picks the window that should answer a hook running in `cwd`: the lease with the deepest folder containing `cwd`
 * (so a sub-folder routes to its workspace and multi-root windows are searched folder by folder), the newest lease on a
 * tie. Paths are compared with `/` separators and, for Windows drive paths, case-insensitively.
 */
export function pickWindowLease(
	leases: readonly WindowLease[],
	cwd: string,
): WindowLease | undefined {
	const target = comparable(cwd);
	let best: { lease: WindowLease; depth: number } | undefined;
	for (const lease of leases) {
		for (const folder of lease.folders) {
			const root = comparable(folder);
			if (target !== root && !target.startsWith(root.endsWith('/') ? root : `${root}/`)) {
				continue;
			}
			const depth = root.length;
			if (
				!best ||
				depth > best.depth ||
				(depth === best.depth && lease.startedAt > best.lease.startedAt)
			) {
				best = { lease, depth };
			}
		}
	}
	return best?.lease;
}

function comparable(path: string): string {
	const slashed = path.replace(/\\/g, '/').replace(/\/+$/, '') || '/';
	return /^[a-zA-Z]:/.test(slashed) ? slashed.toLowerCase() : slashed;
}
