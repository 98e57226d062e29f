import type { HoldRequest, ObserveRequest } from '../core/snapshots/snapshotPort';

/** The version of the snapshot keeper's messages; a keeper refuses others (the bridge then holds the files itself). */
export const KEEPER_PROTOCOL_VERSION = 1;

/** One request to the snapshot keeper: hold the files of a call about to run, or compare the calls one closes. */
export type KeeperOperation =
	| { readonly op: 'hold'; readonly request: HoldRequest }
	| { readonly op: 'observe'; readonly request: ObserveRequest };

/** The keeper's socket name in the runtime folder, per snapshot store (a store's path picks its keeper). */
export function keeperSocketName(storeKey: string): string {
	return `k-${storeKey.slice(0, 12)}.v${KEEPER_PROTOCOL_VERSION}.sock`;
}

/** What a bridge's request MAC covers: its nonce and the exact body, so a captured request fits no other. */
export function keeperRequestMacInput(nonce: string, body: string): string {
	return `hookwarden snapshot keeper request v${KEEPER_PROTOCOL_VERSION}\n${nonce}\n${body}`;
}

/** What the keeper's answer proof covers: the bridge's nonce and the exact answer, so only a secret holder answers. */
export function keeperAnswerMacInput(nonce: string, body: string): string {
	return `hookwarden snapshot keeper answer v${KEEPER_PROTOCOL_VERSION}\n${nonce}\n${body}`;
}

/** One request line: the nonce, the operation as JSON, and its MAC, tab-separated, ending with a newline. */
export function encodeKeeperRequest(nonce: string, body: string, mac: string): string {
	return `${nonce}\t${mac}\t${body}\n`;
}

/** A request line split into its parts, or `undefined` for anything else. */
export function decodeKeeperRequest(
	line: string,
): { readonly nonce: string; readonly mac: string; readonly body: string } | undefined {
	const first = line.indexOf('\t');
	const second = line.indexOf('\t', first + 1);
	if (first <= 0 || second <= first) {
		return undefined;
	}
	return {
		nonce: line.slice(0, first),
		mac: line.slice(first + 1, second),
		body: line.slice(second + 1).trimEnd(),
	};
}

/** One answer: its MAC, a tab, the answer as JSON. */
export function encodeKeeperAnswer(mac: string, body: string): string {
	return `${mac}\t${body}`;
}

/** An answer split into its parts, or `undefined`. */
export function decodeKeeperAnswer(
	text: string,
): { readonly mac: string; readonly body: string } | undefined {
	const tab = text.indexOf('\t');
	return tab <= 0 ? undefined : { mac: text.slice(0, tab), body: text.slice(tab + 1) };
}
