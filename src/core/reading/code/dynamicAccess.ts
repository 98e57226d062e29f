import type { CallSite, CodeReading } from './codeReading';
import { clip } from './codeReading';
import { literal, unknown } from './codeValue';
import type { Candidates, SymbolicValue } from './symbolicValue';
import { api, fixedText, text, union } from './symbolicValue';

// Access by a name held in a string: resolved when the string is fixed, a run-time reference when it is not.

/** `os.environ['HOME']`, `process.env.HOME`, `ENV['HOME']`: the variable as the shell writes it (`$HOME`). */
export function environmentValue(keys: Candidates): Candidates {
	return keys.map((key): SymbolicValue => {
		const name = fixedText(key);
		return name === undefined
			? text(unknown('an environment variable the code names at run time', '$*'))
			: { kind: 'text', value: literal(`$${name}`), runTime: true };
	});
}

/** `getattr(obj, name)`, `obj.send(name)`: the member when the name is fixed, else a reference made at run time. */
export function memberNamed(
	reading: CodeReading,
	objects: Candidates,
	names: Candidates,
	written: string,
): Candidates {
	return union(
		...names.map((name): Candidates => {
			const fixed = fixedText(name);
			if (fixed !== undefined) {
				return reading.member(objects, fixed);
			}
			return [{ kind: 'dynamic', why: `${clip(written)} names a member computed at run time` }];
		}),
	);
}

/**
 * `__import__(name)`, `require(name)`: the module when the name is fixed; otherwise loading it runs code the reader
 * cannot see, reported as unknown, and the module is a run-time reference.
 */
export function importedModule(
	reading: CodeReading,
	site: CallSite,
	names: Candidates,
	canonical: (name: string) => string,
): Candidates {
	return union(
		...names.map((name): Candidates => {
			const fixed = fixedText(name);
			if (fixed !== undefined) {
				return [api(canonical(fixed))];
			}
			const why = `${clip(site.text)} loads a module named at run time`;
			reading.emit({ kind: 'unknown', call: site.api, why });
			return [{ kind: 'dynamic', why }];
		}),
	);
}
