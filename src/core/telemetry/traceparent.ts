/** A W3C trace context parent: the trace a hook call belongs to and the span it was called from. */
export interface TraceParent {
	readonly traceId: string;
	readonly spanId: string;
	/** The trace flags byte (bit 0: sampled). */
	readonly flags: number;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * Reads a W3C `traceparent` value (`00-<trace id>-<span id>-<flags>`), as a `TRACEPARENT` variable carries it into a
 * hook process. Anything else, including the all-zero ids and version `ff` the specification forbids, is `undefined`:
 * a bad parent must not make a decision unexportable.
 */
export function parseTraceparent(text: string): TraceParent | undefined {
	const match = TRACEPARENT.exec(text.trim().toLowerCase());
	if (!match) {
		return undefined;
	}
	const [, version, traceId = '', spanId = '', flags = '00', rest] = match;
	if (version === 'ff' || (version === '00' && rest !== undefined)) {
		return undefined;
	}
	if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) {
		return undefined;
	}
	return { traceId, spanId, flags: parseInt(flags, 16) };
}
