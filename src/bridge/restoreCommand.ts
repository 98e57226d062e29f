import { resolve } from 'node:path';

import type { AuditEventRecord } from '../core/audit/auditRecord';
import { restoreCommandFor } from '../core/snapshots/describeSnapshot';
import type { ChangeKind } from '../core/snapshots/snapshotFacts';
import { isSnapshotTaken } from '../core/snapshots/snapshotFacts';
import { readObservations, readSnapshotOutcome } from '../core/snapshots/readSnapshotFacts';
import { resolveBridgeAuditFile } from '../node/audit/auditLogLocation';
import { readAuditLog } from '../node/audit/auditLogReader';
import type { FileSnapshots } from '../node/snapshots/fileSnapshots';
import type { RestoreItem } from '../node/snapshots/restoreSnapshot';
import type { CommandOutput } from './auditLogCommands';
import { AUDIT_EXIT } from './auditLogCommands';
import { findWorkspaceFolder } from './findWorkspaceFolder';
import type { HeadlessEnvironment } from './headlessDecider';
import { loadHeadlessSettings } from './headlessDecider';

const USAGE =
	'usage: --restore <record-id> [<audit.jsonl>] [--dry-run] [--remove-created]   (a record id from the audit log, or a snapshot id)';

/**
 * `--restore <record-id> [<audit.jsonl>] [--dry-run] [--remove-created]`: puts the files a call changed back as they
 * were before it ran. The id is an audit record's (its PreToolUse or PostToolUse line; the workspace's own log is
 * searched when no file is given) or a snapshot's. Every path that differs now is listed; changed and deleted files are
 * written back, and a file created after the snapshot is removed only with `--remove-created`. Before anything is
 * written, the disk as it is is held, so the restore can be undone with the id it prints. Exits 0 when every chosen
 * path was restored, 1 when one was not, 66 when the record or snapshot cannot be found.
 */
export function restoreCommand(
	args: readonly string[],
	environment: HeadlessEnvironment,
	output: CommandOutput,
	openStore: () => FileSnapshots | undefined,
): number {
	const flags = new Set(args.filter((arg) => arg.startsWith('--')));
	const [id, file, ...extra] = args.filter((arg) => !arg.startsWith('--'));
	const unknown = [...flags].filter((flag) => flag !== '--dry-run' && flag !== '--remove-created');
	if (id === undefined || extra.length > 0 || unknown.length > 0) {
		output.err(unknown.length > 0 ? `unknown option ${unknown[0]}; ${USAGE}` : USAGE);
		return AUDIT_EXIT.usage;
	}
	const store = openStore();
	if (!store) {
		output.err('no snapshot store: the folder of VS Code user settings is not known here');
		return AUDIT_EXIT.noInput;
	}
	const snapshot = store.record(id) ? id : snapshotOfRecord(id, file, environment, output);
	if (snapshot === undefined) {
		return AUDIT_EXIT.noInput;
	}
	const workspace =
		store.record(snapshot)?.workspace ?? findWorkspaceFolder(environment.cwd, environment.home);
	const { policy } = loadHeadlessSettings(environment, workspace);
	const dryRun = flags.has('--dry-run');
	const planned = store.planRestore(snapshot, policy.snapshots, { keepUndo: !dryRun });
	if ('problem' in planned) {
		output.err(planned.problem);
		return AUDIT_EXIT.noInput;
	}
	const { record, items } = planned;
	output.out(
		`Snapshot ${record.id}, taken ${new Date(record.takenAt).toISOString()} before: ${record.call.summary}\n`,
	);
	if (items.length === 0) {
		output.out('Nothing differs from the snapshot: there is nothing to restore.\n');
		return 0;
	}
	const removeCreated = flags.has('--remove-created');
	const chosen = items.filter(
		(item) => item.restorable && (item.change !== 'created' || removeCreated),
	);
	output.out(
		`${items.map((item) => describeItem(item, chosen.includes(item), dryRun)).join('\n')}\n`,
	);
	if (dryRun) {
		output.out(`Dry run: ${summarize(chosen)} if restored; nothing was written.\n`);
		return 0;
	}
	const results = store.restore(record, chosen);
	const failed = results.filter((result) => !result.ok);
	for (const result of failed) {
		output.err(`could not restore ${result.path}: ${result.problem ?? 'unknown error'}`);
	}
	output.out(
		`Restored: ${summarize(chosen.filter((item) => results.find((r) => r.path === item.path)?.ok))}.${planned.undo ? ` To undo this restore: ${restoreCommandFor(planned.undo)}` : ''}\n`,
	);
	return failed.length > 0 ? 1 : 0;
}

/** The snapshot an audit record names: its own (PreToolUse), or the one its comparison was made against. */
function snapshotOfRecord(
	id: string,
	file: string | undefined,
	environment: HeadlessEnvironment,
	output: CommandOutput,
): string | undefined {
	const log = file === undefined ? workspaceLog(environment) : resolve(file);
	if (log === undefined) {
		output.err(`no snapshot ${id}, and no audit log to look for a record ${id} in; name one`);
		return undefined;
	}
	let records;
	try {
		records = readAuditLog(log).records;
	} catch (error) {
		output.err(`cannot read ${log}: ${(error as Error).message}`);
		return undefined;
	}
	const record = records.find((r): r is AuditEventRecord => r.kind === 'event' && r.id === id);
	if (!record) {
		output.err(`no snapshot ${id}, and no event with id ${id} in ${log}`);
		return undefined;
	}
	const taken = readSnapshotOutcome(record.snapshot);
	const observed = readObservations(record.observed)?.[0];
	const snapshot = taken && isSnapshotTaken(taken) ? taken.id : observed?.snapshot;
	if (snapshot === undefined) {
		output.err(
			`event ${id} (${record.event}: ${record.summary}) has no snapshot: the call changed no file, or was denied`,
		);
	}
	return snapshot;
}

/** The audit log of the workspace around the current folder, as the bridge that decided its calls found it. */
function workspaceLog(environment: HeadlessEnvironment): string | undefined {
	const workspaceFolder = findWorkspaceFolder(environment.cwd, environment.home);
	const { audit } = loadHeadlessSettings(environment, workspaceFolder);
	return resolveBridgeAuditFile({
		env: environment.env,
		home: environment.home,
		workspaceFolder,
		settingPath: audit.path,
		warn: environment.warn,
	})?.file;
}

const CHANGE_WORDS: Readonly<Record<ChangeKind, string>> = {
	deleted: 'deleted since',
	changed: 'changed since',
	emptied: 'emptied since',
	mode: 'mode changed',
	created: 'created since',
};

function describeItem(item: RestoreItem, chosen: boolean, dryRun: boolean): string {
	const action = !item.restorable
		? `cannot restore (${item.why ?? 'not held'})`
		: item.change === 'created'
			? chosen
				? dryRun
					? 'would remove'
					: 'remove'
				: 'left alone (add --remove-created to remove)'
			: dryRun
				? 'would restore'
				: 'restore';
	const by = item.byThisCall ? ', by this call' : '';
	return `  ${action.padEnd(14)} ${item.path}  (${CHANGE_WORDS[item.change]}${by})`;
}

/** `3 files written back, 1 removed`. */
function summarize(items: readonly RestoreItem[]): string {
	const removed = items.filter((item) => item.change === 'created').length;
	const written = items.length - removed;
	return `${written} file${written === 1 ? '' : 's'} written back, ${removed} removed`;
}
