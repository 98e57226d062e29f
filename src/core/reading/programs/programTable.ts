import { sevenZip, tarArchive, unpackHere, unzipArchive, zipArchive } from './archives';
import { builtOnFirstUse } from '../../util/builtOnFirstUse';
import {
	copyBlocks,
	changeAcls,
	changeAttributes,
	changeModes,
	copyFiles,
	installFiles,
	linkFiles,
	moveFiles,
	syncFiles,
	operandWrites,
	truncateFiles,
	writeOperands,
} from './fileWriters';
import { COMPRESSOR_PROGRAMS, compressedFiles } from './compressors';
import { findFiles, removeFiles, shredFiles } from './fileDeleters';
import {
	expressionInPlace,
	interpreterInPlace,
	outputOption,
	scriptedEditor,
	sedInPlace,
} from './fileEditors';
import {
	FILE_READERS,
	programThenFiles,
	readOperands,
	searchFiles,
	sourceFile,
	uploadFiles,
} from './fileReaders';
import {
	diskTool,
	DISK_PROGRAMS,
	formatFilesystem,
	MACHINE_PROGRAMS,
	machineCommand,
} from './disks';
import { editorExtensions } from './editorCommandLines';
import { gitCommand } from './git';
import type { ProgramModel } from './programModel';
import { serviceCommand, SERVICE_PROGRAMS } from './services';
import { CREDENTIAL_PROGRAMS, credentialPrinter } from './credentialPrinters';
import { PACKAGE_MANAGER_PROGRAMS, packageManagerSettings } from './packageManagerSettings';
import { SCHEDULER_PROGRAMS, schedulerCommand } from './schedulers';
import { PERSISTENT_ENVIRONMENT_PROGRAMS, persistentEnvironment } from './persistentEnvironment';
import { DATABASE_FILE_PROGRAMS, databaseFile } from './databaseFiles';
import { xargsInputFile } from './xargsInput';
import { cloudUploads, UPLOAD_PROGRAMS } from './cloudUploads';
import { FILE_SERVER_PROGRAMS, fileServers } from './fileServers';
import { cmdFiles, powerShellFiles } from './windows';
import { PROJECT_RUNNERS, projectRunner } from './projectRunners';
import { opensslReads } from './opensslFiles';
import { AGENT_CLIS, agentCli } from './agentClis';
import { HOOKWARDEN_COMMANDS, hookwardenCommand } from './hookwardenCommands';
import { DATA_STORE_PROGRAMS } from './dataStoreClients';
import { dataStoreStatements } from '../statements/dataStoreStatements';
import { dataStoreRequests } from '../statements/dataStoreRequests';
import { CMD_COPY_PROGRAMS, cmdCopies } from './windowsCopies';
import { ACL_PROGRAMS, windowsAcls } from './windowsAcls';
import { CLOUD_REMOVAL_CMDLET, cloudCmdletRemoval } from './cloudCmdlets';
import { familyNames, programsWith } from './vocabulary';

/** Runs several models over one call and keeps every effect. */
const both =
	(...models: ProgramModel[]): ProgramModel =>
	(call) =>
		models.flatMap((model) => model(call));

const AWK = { shortValues: 'fvFi', longValues: ['file', 'assign', 'field-separator', 'include'] };

/** The names a model reads: a family of the vocabulary by one of its names, or every program with a trait. */
const family = (name: string): readonly string[] => familyNames(name);
const all = (names: Iterable<string>): readonly string[] => [...names];

/**
 * Which model reads which programs. The names come from the program vocabulary (`vocabulary.ts`), where each family
 * declares what it is once; this table only says which reading turns a call of that family into effects. Names are
 * matched lower-case without a path or `.exe`; PowerShell cmdlets by their canonical name.
 */
const families = (): readonly (readonly [readonly string[], ProgramModel])[] => [
	[family('rm'), removeFiles],
	[family('shred'), shredFiles],
	[family('find'), findFiles],
	[family('cp'), copyFiles],
	[family('mv'), moveFiles],
	[family('ln'), linkFiles],
	[family('install'), installFiles],
	[family('rsync'), syncFiles],
	[family('tee'), writeOperands({ longValues: ['output-error'] }, 'writes')],
	[
		family('touch'),
		writeOperands({ shortValues: 'dtr', longValues: ['date', 'reference'] }, 'creates or touches'),
	],
	[
		family('mkdir'),
		writeOperands({ shortValues: 'mZ', longValues: ['mode', 'context'] }, 'creates folders at'),
	],
	[family('sponge'), writeOperands({}, 'overwrites')],
	[family('truncate'), truncateFiles],
	[family('dd'), copyBlocks],
	[family('chmod'), changeModes],
	[family('setfacl'), changeAcls],
	[family('chattr'), changeAttributes],
	[
		family('sed'),
		both(
			sedInPlace,
			programThenFiles({ shortValues: 'efl', longValues: ['expression', 'file'] }, [
				'e',
				'f',
				'expression',
				'file',
			]),
		),
	],
	[all(programsWith('inPlace', 'interpreter')), interpreterInPlace],
	[all(programsWith('inPlace', 'editor')), scriptedEditor],
	[family('yq'), both(expressionInPlace, programThenFiles({ shortValues: 'opI' }, []))],
	[family('awk'), both(expressionInPlace, programThenFiles(AWK, ['f', 'file']))],
	[
		family('jq'),
		programThenFiles(
			{
				shortValues: 'fL',
				longValues: ['from-file', 'arg', 'argjson', 'slurpfile', 'rawfile', 'indent'],
			},
			['f', 'from-file'],
		),
	],
	[all(programsWith('output')), outputOption],
	// HTTP clients upload the files their options name (`-T file`, `-d @file`); their other operands are addresses.
	[all(programsWith('sends', 'http')), uploadFiles],
	[['openssl'], opensslReads],
	[
		family('openssl').filter((name) => name !== 'openssl'),
		readOperands({ shortValues: 'oOkKtTSsfiwc', longValues: ['output', 'key'] }),
	],
	[family('grep'), searchFiles],
	[family('uniq'), operandWrites(FILE_READERS.uniq ?? {}, 1)],
	[COMPRESSOR_PROGRAMS, compressedFiles],
	...Object.entries(FILE_READERS).map(
		([name, grammar]) => [[name], readOperands(grammar)] as const,
	),
	[all(programsWith('runsCommands', 'script')), sourceFile],
	[family('git'), gitCommand],
	[all(programsWith('editor')), editorExtensions],
	[family('mkfs'), formatFilesystem],
	[[...DISK_PROGRAMS], diskTool],
	[MACHINE_PROGRAMS, machineCommand],
	[[...SERVICE_PROGRAMS], serviceCommand],
	[DATA_STORE_PROGRAMS, dataStoreStatements],
	[
		['curl', 'wget', 'http', 'https', 'xh', 'invoke-webrequest', 'invoke-restmethod'],
		dataStoreRequests,
	],
	[[...CREDENTIAL_PROGRAMS], credentialPrinter],
	[[...SCHEDULER_PROGRAMS], schedulerCommand],
	[PERSISTENT_ENVIRONMENT_PROGRAMS, persistentEnvironment],
	[DATABASE_FILE_PROGRAMS, databaseFile],
	[['xargs'], xargsInputFile],
	[UPLOAD_PROGRAMS, cloudUploads],
	[FILE_SERVER_PROGRAMS, fileServers],
	[PACKAGE_MANAGER_PROGRAMS, packageManagerSettings],
	[family('remove-item'), powerShellFiles],
	[family('get-content'), powerShellFiles],
	[family('del'), cmdFiles],
	[family('tar'), tarArchive],
	[family('unzip'), unzipArchive],
	[family('7z'), sevenZip],
	[family('zip'), zipArchive],
	[family('cpio'), unpackHere],
	[family('expand-archive'), powerShellFiles],
	[CMD_COPY_PROGRAMS, cmdCopies],
	[ACL_PROGRAMS, windowsAcls],
	[PROJECT_RUNNERS, projectRunner],
	[HOOKWARDEN_COMMANDS, hookwardenCommand],
	[AGENT_CLIS, agentCli],
];

/** The table by program name, made on the first program read (a file tool's call reads none). */
const byName = builtOnFirstUse((): ReadonlyMap<string, ProgramModel> => {
	const models = new Map<string, ProgramModel>();
	for (const [names, model] of families()) {
		for (const name of names) {
			const earlier = models.get(name);
			models.set(name, earlier ? both(earlier, model) : model);
		}
	}
	return models;
});
/** Families named by a pattern: every `mkfs.*` formats (`mkfs.ext4`), every cloud module's `Remove-*` removes. */
const PATTERN_FAMILIES: readonly (readonly [RegExp, ProgramModel])[] = [
	[/^mkfs\.\w+$/, formatFilesystem],
	[CLOUD_REMOVAL_CMDLET, cloudCmdletRemoval],
];

/** The model for a program name (lower-case, no path), or `undefined` when Hookwarden has none. */
export function programModel(name: string): ProgramModel | undefined {
	return byName().get(name) ?? PATTERN_FAMILIES.find(([pattern]) => pattern.test(name))?.[1];
}
