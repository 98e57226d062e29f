import type { ShellDialect } from './commandLine';

/**
 * The grammars a line of `dialect` may need: a PowerShell line may hand a command line to cmd or bash (`cmd /c …`,
 * `bash -c …`), which is read with the bash grammar; a bash line needs only its own.
 */
export function grammarsNeeded(dialect: ShellDialect): readonly ShellDialect[] {
	return dialect === 'powershell' ? ['powershell', 'bash'] : [dialect];
}
