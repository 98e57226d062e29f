import type { Effect } from '../../terms/effect';
import { loadsCode } from './codeLoadingVariables';
import type { ProgramCall, ProgramModel } from './programModel';

/** Programs that set a variable for every later session, read by {@link persistentEnvironment}. */
export const PERSISTENT_ENVIRONMENT_PROGRAMS = ['setx', 'launchctl'] as const;

/** `setx [/s host /u user /p pw] NAME VALUE [/m]`: its switches start with `/`, and a value may start with `-`. */
function setxOperands(args: readonly string[]): string[] {
	const operands: string[] = [];
	for (let index = 0; index < args.length; index++) {
		const word = args[index] ?? '';
		if (/^\/[a-z]$/i.test(word)) {
			index += /^\/[sSuUpPkKfFaArRdD]$/.test(word) ? 1 : 0;
		} else {
			operands.push(word);
		}
	}
	return operands;
}

/**
 * A variable set for every later session (`setx NODE_OPTIONS "--require x.js"`, `launchctl setenv LD_PRELOAD …`):
 * one that makes programs load code runs that code in every program started afterwards, without a hook call.
 */
export const persistentEnvironment: ProgramModel = (call) => {
	const words =
		call.name === 'launchctl'
			? call.args[0] === 'setenv'
				? call.args.slice(1)
				: []
			: setxOperands(call.args);
	const [variable = '', value = ''] = words;
	// Windows variable names are case-insensitive.
	return loadsCode(call.name === 'setx' ? variable.toUpperCase() : variable, value)
		? [setForLaterSessions(call, variable)]
		: [];
};

function setForLaterSessions(call: ProgramCall, variable: string): Effect {
	return call.effect({
		kind: 'configExec',
		subject: 'runtimeCode',
		action: `sets ${variable} for every later session, so programs load code the line does not show`,
	});
}

/** `[Environment]::SetEnvironmentVariable('NAME', 'value', 'User')`: .NET's `setx`, for the user or the machine. */
const DOTNET_SET_VARIABLE =
	/\[(?:System\.)?Environment\]::SetEnvironmentVariable\(\s*(['"])([^'"]+)\1\s*,\s*(['"])([^'"]*)\3\s*,\s*(?:['"]|\[(?:System\.)?EnvironmentVariableTarget\]::)(User|Machine)/gi;

/** The .NET calls in a PowerShell command's text that set a code-loading variable for every later session. */
export function dotNetPersistentEnvironment(call: ProgramCall): Effect[] {
	return [...call.command.text.matchAll(DOTNET_SET_VARIABLE)]
		.filter((match) => loadsCode((match[2] ?? '').toUpperCase(), match[4] ?? ''))
		.map((match) => setForLaterSessions(call, match[2] ?? ''));
}
