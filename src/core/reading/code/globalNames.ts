import type { ApiHandler, CodeReading } from './codeReading';
import type { Candidates } from './symbolicValue';
import { api, opaque } from './symbolicValue';

/**
 * How a language resolves a name the snippet never binds: a module the table knows used without an import (so
 * `exec('import os')` followed by `os.system(…)` is still read), a builtin (`open` → `builtins.open`), a member of a
 * module opened with `from m import *` or `include M`, else a value the reader does not model.
 */
export function globalResolver(
	apis: Readonly<Record<string, ApiHandler>>,
	builtinPrefix: string,
	canonical: (name: string) => string = (name) => name,
): (name: string, reading: CodeReading) => Candidates {
	// Built on first use: a bundle holds every language's rules, and a snippet needs one.
	let roots: ReadonlySet<string> | undefined;
	let builtins: ReadonlySet<string> | undefined;
	return (name, reading) => {
		roots ??= new Set(Object.keys(apis).map((key) => key.split(/[.[]/)[0] ?? key));
		builtins ??= new Set(
			Object.keys(apis)
				.filter((key) => key.startsWith(builtinPrefix))
				.map((key) => key.slice(builtinPrefix.length).split(/[.[]/)[0] ?? ''),
		);
		const module = canonical(name);
		if (roots.has(module.split('.')[0] ?? module)) {
			return [api(module)];
		}
		if (builtins.has(name)) {
			return [api(`${builtinPrefix}${name}`)];
		}
		const opened = reading.openedModules.find((module) =>
			Object.prototype.hasOwnProperty.call(apis, `${module}.${name}`),
		);
		if (opened) {
			return [api(`${opened}.${name}`)];
		}
		return [opaque(`${name}, which the code does not define`)];
	};
}
