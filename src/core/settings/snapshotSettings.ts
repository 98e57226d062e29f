import { setting } from '../util/lazySchema';
import * as z from '../util/zod';

/**
 * Folders a snapshot of the workspace skips unless a call names them: what a package manager or a build writes again
 * (dependencies, build output, caches) and version control's own store, whose history git keeps itself.
 */
export const DEFAULT_SNAPSHOT_EXCLUDES: readonly string[] = [
	'.git',
	'.hg',
	'.svn',
	'node_modules',
	'bower_components',
	'.venv',
	'venv',
	'__pycache__',
	'.pytest_cache',
	'.mypy_cache',
	'.ruff_cache',
	'.tox',
	'.nox',
	'.gradle',
	'.terraform',
	'.next',
	'.nuxt',
	'.turbo',
	'.parcel-cache',
	'.cache',
	'dist',
	'build',
	'out',
	'target',
	'coverage',
];

/**
 * The `hookwarden.snapshots.*` settings, with schema and default: whether the workspace is held before a call that may
 * change it, how large a file and the whole store may grow, how long snapshots are kept and what is skipped.
 */
export const SNAPSHOT_SETTINGS = {
	'snapshots.enabled': setting(() => z.boolean(), true),
	'snapshots.maxFileSizeMB': setting(() => z.number().check(z.minimum(0.01), z.maximum(4096)), 50),
	'snapshots.maxTotalSizeMB': setting(
		() => z.number().check(z.minimum(1), z.maximum(1_048_576)),
		500,
	),
	'snapshots.maxFiles': setting(
		() => z.number().check(z.int(), z.minimum(100), z.maximum(10_000_000)),
		25_000,
	),
	'snapshots.retentionDays': setting(() => z.number().check(z.minimum(1), z.maximum(365)), 7),
	'snapshots.exclude': setting(
		() => z.array(z.string().check(z.minLength(1))),
		DEFAULT_SNAPSHOT_EXCLUDES as string[],
	),
} as const;

/** The snapshot settings in force for one workspace folder. */
export interface SnapshotSettings {
	readonly enabled: boolean;
	/** Files larger than this are noted, not held. */
	readonly maxFileBytes: number;
	/** What the whole store may hold; the oldest snapshots go first when it is full. */
	readonly maxTotalBytes: number;
	/** A workspace with more files and folders than this is not walked whole: only what a call names is held. */
	readonly maxFiles: number;
	readonly retentionDays: number;
	/** Names or workspace-relative globs of what a whole-workspace snapshot skips. */
	readonly exclude: readonly string[];
}

/** The defaults, for callers with no settings at all (tests, the SDK). */
export const DEFAULT_SNAPSHOT_SETTINGS: SnapshotSettings = {
	enabled: true,
	maxFileBytes: 50 * 1024 * 1024,
	maxTotalBytes: 500 * 1024 * 1024,
	maxFiles: 25_000,
	retentionDays: 7,
	exclude: DEFAULT_SNAPSHOT_EXCLUDES,
};

/**
 * Whether `candidate` holds at least as much as `below` for one snapshot setting: what a workspace nobody trusted (and
 * any scope under a machine policy) may still set. Turning snapshots off, shrinking a limit or keeping less would let a
 * repository make what an agent does there permanent.
 */
export const SNAPSHOTS_AT_LEAST_AS_STRICT = {
	'snapshots.enabled': (candidate: boolean, below: boolean) => candidate || !below,
	'snapshots.maxFileSizeMB': (candidate: number, below: number) => candidate >= below,
	'snapshots.maxTotalSizeMB': (candidate: number, below: number) => candidate >= below,
	'snapshots.maxFiles': (candidate: number, below: number) => candidate >= below,
	'snapshots.retentionDays': (candidate: number, below: number) => candidate >= below,
	'snapshots.exclude': (candidate: readonly string[], below: readonly string[]) =>
		candidate.every((entry) => below.includes(entry)),
} as const;

const MB = 1024 * 1024;

/** The snapshot settings from the policy settings' values (`snapshots.*` keys, already validated). */
export function snapshotSettingsOf(values: {
	readonly 'snapshots.enabled': boolean;
	readonly 'snapshots.maxFileSizeMB': number;
	readonly 'snapshots.maxTotalSizeMB': number;
	readonly 'snapshots.maxFiles': number;
	readonly 'snapshots.retentionDays': number;
	readonly 'snapshots.exclude': readonly string[];
}): SnapshotSettings {
	return {
		enabled: values['snapshots.enabled'],
		maxFileBytes: Math.round(values['snapshots.maxFileSizeMB'] * MB),
		maxTotalBytes: Math.round(values['snapshots.maxTotalSizeMB'] * MB),
		maxFiles: values['snapshots.maxFiles'],
		retentionDays: values['snapshots.retentionDays'],
		exclude: values['snapshots.exclude'],
	};
}
