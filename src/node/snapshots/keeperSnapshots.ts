import type { SnapshotOutcome } from '../../core/snapshots/snapshotFacts';
import type {
	ComparedCall,
	HoldRequest,
	ObserveRequest,
	SnapshotPort,
} from '../../core/snapshots/snapshotPort';
import type { KeeperOperation } from '../../protocol/snapshotKeeper';
import {
	decodeKeeperAnswer,
	encodeKeeperRequest,
	keeperAnswerMacInput,
	keeperRequestMacInput,
} from '../../protocol/snapshotKeeper';
import type { ExchangeFunction } from '../runtime/socketExchange';
import { exchange } from '../runtime/socketExchange';
import { macOf, newNonce, verifyMac } from '../runtime/secretMac';

/** How a bridge reaches the keeper of its store, and starts one when none answers. */
export interface KeeperLink {
	readonly endpoint: string;
	readonly secret: string;
	/** Starts a keeper (detached) for the workspace of this call. */
	readonly start: (workspace: string | undefined) => void;
}

const CONNECT_TIMEOUT_MS = 200;
/** Past the keeper's own budget (3 s) and a margin, the bridge stops waiting and holds the files itself. */
const ANSWER_TIMEOUT_MS = 5_000;

/**
 * The snapshot port of a headless bridge: the keeper holds and compares (it watches the workspace between calls, so
 * it lists only what changed), and when no keeper answers, or its answer does not prove it holds the secret, the
 * bridge does it itself by walking the workspace, and starts a keeper for the next call.
 */
export class KeeperSnapshots implements SnapshotPort {
	private started = false;

	constructor(
		private readonly local: SnapshotPort,
		private readonly keeper: KeeperLink,
		private readonly ask: ExchangeFunction = exchange,
	) {}

	async hold(request: HoldRequest): Promise<SnapshotOutcome> {
		const answer = await this.fromKeeper({ op: 'hold', request }, request.workspaceFolder);
		return (answer as SnapshotOutcome | undefined) ?? this.local.hold(request);
	}

	async observe(request: ObserveRequest): Promise<readonly ComparedCall[]> {
		const answer = await this.fromKeeper({ op: 'observe', request }, request.workspaceFolder);
		return (answer as ComparedCall[] | undefined) ?? this.local.observe(request);
	}

	private async fromKeeper(
		operation: KeeperOperation,
		workspace: string | undefined,
	): Promise<unknown> {
		const nonce = newNonce();
		const body = JSON.stringify(operation);
		const request = encodeKeeperRequest(
			nonce,
			body,
			macOf(this.keeper.secret, keeperRequestMacInput(nonce, body)),
		);
		let timer: ReturnType<typeof setTimeout> | undefined;
		const reply = await Promise.race([
			this.ask(this.keeper.endpoint, request, CONNECT_TIMEOUT_MS),
			new Promise<undefined>((resolve) => {
				timer = setTimeout(() => resolve(undefined), ANSWER_TIMEOUT_MS);
			}),
		]).finally(() => clearTimeout(timer));
		if (!reply?.ok) {
			if (reply && !this.started) {
				this.started = true;
				this.keeper.start(workspace);
			}
			return undefined;
		}
		const answer = decodeKeeperAnswer(reply.bytes.toString('utf8'));
		if (
			!answer ||
			!verifyMac(this.keeper.secret, keeperAnswerMacInput(nonce, answer.body), answer.mac)
		) {
			return undefined;
		}
		try {
			return JSON.parse(answer.body) as unknown;
		} catch {
			return undefined;
		}
	}
}
