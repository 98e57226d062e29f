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
};

/** The cmdlet a PowerShell command name stands for, lower-case (`ri` → `remove-item`), or the name itself. */
export function powerShellCmdlet(name: string): string {
	const lower = name.toLowerCase();
	return ALIASES[lower] ?? lower;
}
