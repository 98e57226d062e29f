import { CallSnapshots } from '../core/pipeline/callSnapshots';
import type { SessionSnapshots } from '../sdk/sessionHooks';
import { FileSnapshots } from '../node/snapshots/fileSnapshots';
import type { DefaultHooksProvider } from '../sdk/defaultProvider';

/**
 * Snapshots for a Copilot SDK session, as the extension holds them: before a tool call that may change files runs, the
 * workspace is held in the store at `storeRoot` (a private folder the application owns), and after it the calls are
 * compared, what no prediction covered reported to `onDecision`. Planned from `provider`'s reading of each call.
 * `watch` keeps a watch on the workspace between calls (a long-lived application should).
 */
export function snapshotsFor(
	provider: DefaultHooksProvider,
	options: { readonly storeRoot: string; readonly watch?: boolean },
): SessionSnapshots {
	return {
		step: new CallSnapshots({
			port: new FileSnapshots({ storeRoot: options.storeRoot, watch: options.watch ?? true }),
			effectsOf: (event) => provider.judgedEffects(event),
		}),
		settings: provider.snapshotSettings,
	};
}
