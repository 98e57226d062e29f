/**
 * The name a program is matched by: the basename of `argv[0]`, lower-cased and without `.exe`, so
 * `/bin/rm`, `C:\Windows\System32\cmd.EXE` and `RM` on a case-insensitive system are all recognised.
 */
export function programName(argv0: string): string {
	const base = argv0
		.slice(Math.max(argv0.lastIndexOf('/'), argv0.lastIndexOf('\\')) + 1)
		.toLowerCase();
	return base.endsWith('.exe') ? base.slice(0, -4) : base;
}
