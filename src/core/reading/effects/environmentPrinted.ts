/*
 * The environment's credentials printed into the model's context. Listing the environment (`env`, `export -p`,
 * `Get-ChildItem env:`, `print(os.environ)`) is everyday debugging and stays quiet; a line that picks the credentials
 * out of the listing is not: a later stage of the pipe selecting lines whose pattern names them (`env | grep -i
 * token`), or an environment-drive path that does (`Get-ChildItem env:*TOKEN*`). What reaches the model decides, so
 * a stage that then keeps only names or counts, or a file the output goes to, keeps it quiet.
 */
import type { SimpleCommand } from '../shell/commandLine';
import { powerShellCmdlet } from '../shell/powershellCmdlets';
import { programName } from '../shell/programName';
import { programCall } from '../programs/programModel';
import type { Effect } from '../../terms/effect';
import { dumpsEnvironment, environmentDrivePattern, networkSenderAfter } from './environmentSent';

/**
 * Words in a filter's pattern that aim at credentials (`TOKEN`, `-i secret`, `'KEY|PASS'`); a vendor's name alone
 * (`AWS`, `NPM`) is everyday debugging of its settings, as listing them all is.
 */
const CREDENTIAL_WORDS =
	/token|secret|pass(?:w|phrase|\b)|pwd|key|auth|cred|cookie|bearer|jwt|oauth|private|signing|\bpat\b|_pat\b|database_url/i;

/** Stages that pass every line they read on to the next (or to the model). */
const PASSES = new Set([
	'sort',
	'head',
	'tail',
	'less',
	'more',
	'cat',
	'column',
	'tee',
	'uniq',
	'nl',
	'fold',
	'tr',
	'sort-object',
	'format-table',
	'format-list',
	'out-string',
	'out-host',
	'select-object',
]);

/** Stages that select lines by a pattern written in their words. */
const SELECTORS = new Set([
	'grep',
	'egrep',
	'fgrep',
	'rg',
	'ag',
	'ack',
	'findstr',
	'select-string',
	'where-object',
	'awk',
	'gawk',
	'sed',
]);

/** What a later stage of the pipe does with the listing: passes it on, keeps only names or counts, or selects. */
type Treatment = 'passes' | 'drops' | 'selectsCredentials' | 'selectsOther' | 'unknown';

function treatmentOf(stage: SimpleCommand): Treatment {
	const name = powerShellCmdlet(programName(stage.argv[0] ?? ''));
	const args = stage.argv.slice(1);
	if (name === 'wc' || name === 'measure-object') {
		return 'drops';
	}
	if (name === 'cut') {
		// `cut -d= -f1` keeps the names; any other field list keeps values.
		return args.some((word) => /^(?:-f|--fields=)1$/.test(word)) ||
			/\s-f\s+1(?:\s|$)/.test(stage.text)
			? 'drops'
			: 'passes';
	}
	if (PASSES.has(name)) {
		return 'passes';
	}
	if (!SELECTORS.has(name)) {
		return 'unknown';
	}
	if (
		/^(?:grep|egrep|fgrep|rg|ag|ack)$/.test(name) &&
		args.some((word) => /^-[a-zA-Z]*[clLq]|^--(?:count|files-with|quiet)/.test(word))
	) {
		return 'drops';
	}
	// `grep -v PATH` passes everything else; awk and sed programs say what they print in their text.
	const inverted = args.some((word) => /^-[a-zA-Z]*v|^--invert-match$/.test(word));
	const pattern = args.filter((word) => !word.startsWith('-')).join(' ');
	if (inverted) {
		return 'passes';
	}
	return CREDENTIAL_WORDS.test(pattern) ? 'selectsCredentials' : 'selectsOther';
}

/** The later stages of the command's pipe, in order. */
function laterStages(command: SimpleCommand, all: readonly SimpleCommand[]): SimpleCommand[] {
	const pipeline = command.pipeline;
	return pipeline
		? all
				.filter(
					(other) =>
						other.pipeline?.id === pipeline.id &&
						other.pipeline.stage > pipeline.stage &&
						other.origin === command.origin,
				)
				.sort((a, b) => (a.pipeline?.stage ?? 0) - (b.pipeline?.stage ?? 0))
		: [];
}

/** Whether the command's own output goes to a file rather than to the model. */
function writesToFile(command: SimpleCommand): boolean {
	return command.redirects.some(
		(redirect) =>
			/^1?>>?$|^>\|$|^&>>?$/.test(redirect.operator) &&
			!/^\/dev\/(?:stdout|stderr|tty)$/.test(redirect.target),
	);
}

/**
 * Whether the rest of the pipe picks credentials out of the listing for the model: some stage selects lines by a
 * pattern naming credentials (or the listing was already picked), and no stage keeps the values out (a counter, a
 * cut to names, a program not known to print them, a file).
 */
function picksCredentials(picked: boolean, stages: readonly SimpleCommand[]): boolean {
	const treatments = stages.map((stage) => (writesToFile(stage) ? 'drops' : treatmentOf(stage)));
	return (
		(picked || treatments.includes('selectsCredentials')) &&
		!treatments.some((treatment) => treatment === 'drops' || treatment === 'unknown')
	);
}

/** Origins whose output is the output of the command that runs them (`bash -c 'env'`, `python3 -c 'print(…)'`). */
const OUTPUT_OF_PARENT = new Set([
	'interpreter',
	'shellString',
	'pipedScript',
	'heredoc',
	'exec',
	'container',
]);

/** The command whose pipe and redirections the output goes through: the command itself, or what runs it. */
function outputAnchor(command: SimpleCommand, all: readonly SimpleCommand[]): SimpleCommand {
	let anchor = command;
	for (let depth = 0; depth < 8; depth++) {
		const parent = anchor.parent === undefined ? undefined : all[anchor.parent];
		if (
			!parent ||
			anchor.pipeline ||
			writesToFile(anchor) ||
			!OUTPUT_OF_PARENT.has(anchor.origin)
		) {
			break;
		}
		anchor = parent;
	}
	return anchor;
}

/**
 * `env | grep -i token`, `Get-ChildItem env:*SECRET*`, `python3 -c 'print(os.environ)' | grep KEY`: credentials
 * picked out of the environment and printed into the model's context, as a read of credentials. Quiet for a listing
 * no pattern aims at credentials, one whose values the pipe drops or writes to a file, and one sent on (judged as
 * sent instead).
 */
export function environmentPrinted(
	command: SimpleCommand,
	index: number,
	all: readonly SimpleCommand[],
): Effect[] {
	const drive = command.dialect === 'powershell' ? environmentDrivePattern(command) : undefined;
	const anchor = outputAnchor(command, all);
	if (
		(!dumpsEnvironment(command) && drive === undefined) ||
		writesToFile(command) ||
		writesToFile(anchor) ||
		networkSenderAfter(anchor, all)
	) {
		return [];
	}
	// `Get-ChildItem env:*TOKEN*` picks by its own path, as a grep after it would.
	const picked = drive !== undefined && drive !== '*' && CREDENTIAL_WORDS.test(drive);
	if (!picksCredentials(picked, laterStages(anchor, all))) {
		return [];
	}
	return [
		programCall(command, programName(command.argv[0] ?? ''), index).effect({
			kind: 'read',
			subject: 'credentials',
			action: 'prints the environment variables named like credentials',
		}),
	];
}
