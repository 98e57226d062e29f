import { wordsFromVerb } from './optionGrammar';
import type { ProgramModel } from './programModel';

/** One scheduler form that installs commands to run later, outside any hook call. */
interface SchedulerRule {
	readonly programs: readonly string[];
	readonly test: (words: readonly string[]) => boolean;
	readonly what: string;
}

const RULES: readonly SchedulerRule[] = [
	{
		// `crontab FILE` and `crontab -` replace the user's crontab; `-l` lists it, `-r` (judged as data loss) removes it.
		programs: ['crontab'],
		test: (words) =>
			!words.some((word) => /^-[a-zA-Z]*[lr]/.test(word)) &&
			words.some((word) => word === '-' || !word.startsWith('-')),
		what: 'installs a crontab, whose commands then run on a schedule without a hook call',
	},
	{
		programs: ['launchctl'],
		test: (words) => ['load', 'bootstrap', 'submit'].includes(words[0] ?? ''),
		what: 'loads a launchd job, which then runs without a hook call',
	},
	{
		programs: ['schtasks'],
		test: (words) => words.some((word) => /^[/-]create$/i.test(word)),
		what: 'creates a scheduled task, which then runs without a hook call',
	},
	{
		programs: ['register-scheduledtask'],
		test: () => true,
		what: 'registers a scheduled task, which then runs without a hook call',
	},
	{
		// `Set-ItemProperty HKCU:\…\CurrentVersion\Run -Name x -Value evil.exe`, `reg add HKCU\…\RunOnce /v x /d …`.
		programs: ['set-itemproperty', 'new-itemproperty', 'reg'],
		test: (words) =>
			words[0]?.toLowerCase() !== 'query' && words.some((word) => AUTOSTART_KEY.test(word)),
		what: 'adds a program Windows starts at sign-in or with other programs, which then runs without a hook call',
	},
];

/**
 * Registry keys whose values Windows runs on its own: the Run and RunOnce keys (at sign-in), Winlogon's shell and
 * user-init, a debugger attached to a program by Image File Execution Options, and DLLs loaded into every program.
 */
const AUTOSTART_KEY =
	/\\(?:CurrentVersion\\(?:Run|RunOnce|RunOnceEx|RunServices|Policies\\Explorer\\Run)|Winlogon|Image File Execution Options\\[^\\]+|Windows\\AppInit_DLLs)\\?$|\\Windows NT\\CurrentVersion\\Windows\\?$/i;

const BY_PROGRAM = new Map<string, SchedulerRule>(
	RULES.flatMap((rule) => rule.programs.map((program) => [program, rule] as const)),
);

/** Programs whose installing forms {@link schedulerCommand} reads. */
export const SCHEDULER_PROGRAMS: ReadonlySet<string> = new Set(BY_PROGRAM.keys());

/**
 * Commands that install code to run later by the system's scheduler (`crontab -`, `launchctl load`, `schtasks
 * /create`): what runs that way is never checked by a hook call, like a git hooks path.
 */
export const schedulerCommand: ProgramModel = (call) => {
	const rule = BY_PROGRAM.get(call.name);
	return rule?.test(wordsFromVerb(call.args)) === true
		? [call.effect({ kind: 'configExec', subject: 'runtimeCode', action: rule.what })]
		: [];
};
