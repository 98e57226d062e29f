import { CommandCollector } from './commandCollector';
import type { CommandLineAnalysis, ShellDialect } from './commandLine';

// Characters that carry no shell syntax: no quoting, expansion, globbing, operators, redirection or comments. A line
// made only of these is one simple command whose words are split by blanks, in every POSIX shell.
const PLAIN_BASH_LINE = /^[A-Za-z0-9_\-./=:,@+%]+(?:[ \t]+[A-Za-z0-9_\-./=:,@+%]+)*$/;

/**
 * Reads a bash line that holds no shell syntax at all (`npm test`, `sudo git push -f origin main`) without loading a
 * grammar, giving exactly what the grammar would give. Returns `undefined` whenever the grammar is needed: any quoting,
 * expansion, operator or redirection, a leading `VAR=value`, a PowerShell line, or a command that runs a script of
 * its own (`bash -c ls`).
 */
export function plainCommandLine(
	commandLine: string,
	dialect: ShellDialect,
): CommandLineAnalysis | undefined {
	const text = commandLine.trim();
	if (dialect !== 'bash' || !PLAIN_BASH_LINE.test(text)) {
		return undefined;
	}
	const argv = text.split(/[ \t]+/);
	if (argv[0]?.includes('=')) {
		return undefined;
	}
	let needsGrammar = false;
	const collector = new CommandCollector(() => {
		needsGrammar = true;
	});
	collector.add(
		{ argv, text, redirects: [], stdinScripts: [] },
		{ origin: 'line', dialect, depth: 0 },
	);
	return needsGrammar ? undefined : { commandLine, dialect, commands: collector.commands };
}
