import { sevenZip, tarArchive, unpackHere, unzipArchive, zipArchive } from './archives';
import {
	copyBlocks,
	changeAcls,
	changeModes,
	copyFiles,
	installFiles,
	linkFiles,
	moveFiles,
	syncFiles,
	truncateFiles,
	writeOperands,
} from './fileWriters';
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
import { EDITOR_PROGRAMS, editorExtensions } from './editorCommandLines';
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
import { HOOKWARDEN_COMMANDS, hookwardenCommand } from './hookwardenCommands';
import { DATA_STORE_PROGRAMS } from './dataStoreClients';
import { dataStoreStatements } from '../statements/dataStoreStatements';
import { dataStoreRequests } from '../statements/dataStoreRequests';
import { CMD_COPY_PROGRAMS, cmdCopies } from './windowsCopies';
import { ACL_PROGRAMS, windowsAcls } from './windowsAcls';
import { CLOUD_REMOVAL_CMDLET, cloudCmdletRemoval } from './cloudCmdlets';

/** Runs several models over one call and keeps every effect. */
const both =
	(...models: ProgramModel[]): ProgramModel =>
	(call) =>
		models.flatMap((model) => model(call));

const AWK = { shortValues: 'fvFi', longValues: ['file', 'assign', 'field-separator', 'include'] };

/**
 * The program vocabulary: every program Hookwarden reads, by family, with the one model that says what it does.
 * Names are matched lower-case without a path or `.exe`; PowerShell cmdlets by their canonical name.
 */
const FAMILIES: readonly (readonly [readonly string[], ProgramModel])[] = [
	[['rm', 'unlink', 'rimraf', 'del-cli', 'rmrf', 'trash-empty'], removeFiles],
	[['shred', 'srm', 'wipe'], shredFiles],
	[['find', 'gfind'], findFiles],
	[['cp', 'gcp'], copyFiles],
	[['mv', 'gmv'], moveFiles],
	[['ln', 'gln'], linkFiles],
	[['install', 'ginstall'], installFiles],
	[['rsync', 'scp'], syncFiles],
	[['tee'], writeOperands({ longValues: ['output-error'] }, 'writes')],
	[
		['touch'],
		writeOperands({ shortValues: 'dtr', longValues: ['date', 'reference'] }, 'creates or touches'),
	],
	[
		['mkdir'],
		writeOperands({ shortValues: 'mZ', longValues: ['mode', 'context'] }, 'creates folders at'),
	],
	[['sponge'], writeOperands({}, 'overwrites')],
	[['truncate'], truncateFiles],
	[['dd'], copyBlocks],
	[['chmod', 'chown', 'chgrp'], changeModes],
	[['setfacl'], changeAcls],
	[
		['sed', 'gsed'],
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
	[['perl', 'ruby'], interpreterInPlace],
	[['vim', 'vi', 'nvim', 'ex', 'ed', 'red', 'emacs'], scriptedEditor],
	[['yq', 'gojq', 'dasel'], both(expressionInPlace, programThenFiles({ shortValues: 'opI' }, []))],
	[['awk', 'gawk', 'mawk', 'nawk'], both(expressionInPlace, programThenFiles(AWK, ['f', 'file']))],
	[
		['jq'],
		programThenFiles(
			{
				shortValues: 'fL',
				longValues: ['from-file', 'arg', 'argjson', 'slurpfile', 'rawfile', 'indent'],
			},
			['f', 'from-file'],
		),
	],
	[['sort', 'curl', 'wget', 'openssl', 'gpg', 'ssh-keygen', 'xxd', 'base64'], outputOption],
	// `curl`/`wget` also upload files (`-T file`, `-d @file`); their other operands are addresses.
	[['curl', 'wget'], uploadFiles],
	[
		['openssl', 'gpg', 'ssh-keygen'],
		readOperands({ shortValues: 'oOkKtTSsfiwc', longValues: ['output', 'key'] }),
	],
	[['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep'], searchFiles],
	...Object.entries(FILE_READERS).map(
		([name, grammar]) => [[name], readOperands(grammar)] as const,
	),
	[['source', '.'], sourceFile],
	[['http', 'https', 'xh', 'invoke-webrequest', 'invoke-restmethod'], uploadFiles],
	[['git'], gitCommand],
	[[...EDITOR_PROGRAMS], editorExtensions],
	[['mkfs', 'mke2fs', 'mkswap', 'mkdosfs', 'mkntfs', 'newfs'], formatFilesystem],
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
	[
		[
			'remove-item',
			'clear-content',
			'set-content',
			'add-content',
			'out-file',
			'tee-object',
			'new-item',
			'copy-item',
			'move-item',
			'rename-item',
			'get-content',
			'select-string',
			'import-csv',
			'get-filehash',
			'expand-archive',
			'compress-archive',
		],
		powerShellFiles,
	],
	[['del', 'erase', 'rd', 'rmdir'], cmdFiles],
	[CMD_COPY_PROGRAMS, cmdCopies],
	[ACL_PROGRAMS, windowsAcls],
	[['tar', 'bsdtar', 'gtar'], tarArchive],
	[['unzip'], unzipArchive],
	[['7z', '7za', '7zz', '7zr'], sevenZip],
	[['zip'], zipArchive],
	[['cpio', 'jar'], unpackHere],
	[PROJECT_RUNNERS, projectRunner],
	[HOOKWARDEN_COMMANDS, hookwardenCommand],
];

const BY_NAME = new Map<string, ProgramModel>();
for (const [names, model] of FAMILIES) {
	for (const name of names) {
		const earlier = BY_NAME.get(name);
		BY_NAME.set(name, earlier ? both(earlier, model) : model);
	}
}
/** Families named by a pattern: every `mkfs.*` formats (`mkfs.ext4`), every cloud module's `Remove-*` removes. */
const PATTERN_FAMILIES: readonly (readonly [RegExp, ProgramModel])[] = [
	[/^mkfs\.\w+$/, formatFilesystem],
	[CLOUD_REMOVAL_CMDLET, cloudCmdletRemoval],
];

/** The model for a program name (lower-case, no path), or `undefined` when Hookwarden has none. */
export function programModel(name: string): ProgramModel | undefined {
	return BY_NAME.get(name) ?? PATTERN_FAMILIES.find(([pattern]) => pattern.test(name))?.[1];
}
