/** Modules that are other names for ones the API table knows under one name. */
const SAME_AS: Readonly<Record<string, string>> = {
	'fs/promises': 'fs.promises',
	'path/posix': 'path',
	'path/win32': 'path',
	'dns/promises': 'dns',
	'timers/promises': 'timers',
	https: 'http',
	http2: 'http',
	bun: 'Bun',
};

/** The name the API table knows a module by (`node:fs` → `fs`, `fs/promises` → `fs.promises`, `bun` → `Bun`). */
export function canonicalJavaScriptModule(specifier: string): string {
	const bare = specifier.replace(/^node:/, '');
	return SAME_AS[bare] ?? bare;
}
