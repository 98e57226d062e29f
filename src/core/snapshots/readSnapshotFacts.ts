import { builtOnFirstUse } from '../util/builtOnFirstUse';
import * as z from '../util/zod';
import type { Observation, SnapshotOutcome } from './snapshotFacts';

const schemas = builtOnFirstUse(() => {
	const count = z.number().check(z.int(), z.minimum(0));
	const fileCount = z.object({ files: count, bytes: count });
	const notHeld = z.object({
		path: z.string(),
		why: z.enum([
			'fileTooLarge',
			'storeFull',
			'unreadable',
			'excluded',
			'outOfTime',
			'diskFull',
			'special',
			'tooManyFiles',
		]),
	});
	const words = z.array(z.string());
	const taken = z.object({
		id: z.string().check(z.minLength(1)),
		atRisk: fileCount,
		held: fileCount,
		notHeld: z.array(notHeld),
		notHeldCount: count,
		excluded: words,
		incomplete: z.optional(z.string()),
		uncovered: words,
		wholeWorkspace: z.boolean(),
	});
	const missed = z.object({ missed: z.optional(z.string()), uncovered: words });
	const change = z.object({
		path: z.string(),
		change: z.enum(['created', 'changed', 'deleted', 'emptied', 'mode']),
	});
	const observation = z.object({
		snapshot: z.string().check(z.minLength(1)),
		tool: z.string(),
		summary: z.string(),
		counts: z.object({
			created: count,
			changed: count,
			deleted: count,
			emptied: count,
			mode: count,
		}),
		changes: z.array(change),
		unforeseen: z.array(change),
		unforeseenCount: count,
		incomplete: z.optional(z.string()),
	});
	return { outcome: z.union([taken, missed]), observations: z.array(observation) };
});

/**
 * A snapshot outcome read back from a record someone else wrote (an audit line): the value when it has the shape the
 * writer gives it, else `undefined`, so a damaged or forged field never reaches a view or a restore.
 */
export function readSnapshotOutcome(value: unknown): SnapshotOutcome | undefined {
	const parsed = schemas().outcome.safeParse(value);
	return parsed.success ? parsed.data : undefined;
}

/** The observations of a record read back, or `undefined` when they do not have the writer's shape. */
export function readObservations(value: unknown): readonly Observation[] | undefined {
	const parsed = schemas().observations.safeParse(value);
	return parsed.success ? parsed.data : undefined;
}
