/** Canonical cmdlet names, lower-case, for the aliases PowerShell defines by default on every platform and on Windows. */
const ALIASES: Readonly<Record<string, string>> = {
	rm: 'remove-item',
	ri: 'remove-item',
	del: 'remove-item',
	erase: 'remove-item',
	rd: 'remove-item',
	rmdir: 'remove-item',
	cp: 'copy-item',
	copy: 'copy-item',
	cpi: 'copy-item',
	mv: 'move-item',
	move: 'move-item',
	mi: 'move-item',
	sc: 'set-content',
	ac: 'add-content',
	ni: 'new-item',
	md: 'new-item',
	mkdir: 'new-item',
	tee: 'tee-object',
	clc: 'clear-content',
	ren: 'rename-item',
	rni: 'rename-item',
	iex: 'invoke-expression',
	iwr: 'invoke-webrequest',
	curl: 'invoke-webrequest',
	wget: 'invoke-webrequest',
	irm: 'invoke-restmethod',
	gci: 'get-childitem',
	ls: 'get-childitem',
	dir: 'get-childitem',
	gi: 'get-item',
	sp: 'set-itemproperty',
	sls: 'select-string',
	'?': 'where-object',
	where: 'where-object',
	select: 'select-object',
	ft: 'format-table',
	fl: 'format-list',
};

/** The cmdlet a PowerShell command name stands for, lower-case (`ri` → `remove-item`), or the name itself. */
export function powerShellCmdlet(name: string): string {
	const lower = name.toLowerCase();
	return ALIASES[lower] ?? lower;
}

// The approved verbs of the cmdlets an agent runs to read, write, fetch or start something (`Get-Content`,
// `Set-Content`, `Invoke-WebRequest`); cmdlets of other verbs are rare enough in a line to read it as bash.
const CMDLET_VERBS =
	'Add|Clear|Copy|Expand|Export|Get|Import|Install|Invoke|Move|New|Out|Remove|Rename|Restart|Set|Start|Stop|Uninstall|Update|Write';

// A cmdlet, PowerShell-only alias or `$env:` variable where a command or its argument stands: a POSIX shell has no
// program named `Set-Content` or `iex` and reads `$env:HOME` as `$env` followed by `:HOME`.
const POWERSHELL_SPEECH = new RegExp(
	`(?:^|[;|&({])\\s*(?:(?:${CMDLET_VERBS})-[A-Z][A-Za-z]+|iex|iwr|irm)(?![\\w-])|\\$env:[A-Za-z_]`,
);

/**
 * Whether a command line for a terminal whose shell is not known (VS Code's on Linux or macOS, which may be pwsh) is
 * written in PowerShell: it runs a common cmdlet by its `Verb-Noun` name or a PowerShell-only alias, or reads
 * `$env:NAME`. There it does what PowerShell says; in bash it would not run at all, so reading it as PowerShell
 * costs nothing.
 */
export function speaksPowerShell(commandLine: string): boolean {
	return POWERSHELL_SPEECH.test(commandLine);
}
