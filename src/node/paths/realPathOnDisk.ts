// Named imports: a namespace import of a Node module makes the bundle copy all of its exports at load (tens of KB).
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, normalize } from 'node:path';

// How many missing trailing names are tried before giving up: `rm -rf build/new/deep` still finds `build` a link.
const MAX_MISSING_NAMES = 8;
// Beyond this a path is not worth a system call per decision (and no real file system path is this long).
const MAX_PATH_LENGTH = 4096;

/**
 * Where an absolute path really leads on this machine when it is, or sits under, a symbolic link that already
 * exists (`build -> ~` made by an earlier call); `undefined` when nothing on the way is a link, for globs, and on
 * any error. The walk is bounded: a few `realpath` calls, each bounded by the kernel's own link limit (ELOOP).
 * What it answers is a hint checked at decision time: the agent can still swap a link afterwards, which the threat
 * model states.
 */
export function realPathOnDisk(absolute: string): string | undefined {
	if (!isAbsolute(absolute) || absolute.length > MAX_PATH_LENGTH || /[*?[\]{}]/.test(absolute)) {
		return undefined;
	}
	let existing = absolute;
	const missing: string[] = [];
	for (let tries = 0; tries <= MAX_MISSING_NAMES; tries++) {
		try {
			const real = realpathSync.native(existing);
			const whole = missing.length > 0 ? join(real, ...missing.reverse()) : real;
			return whole === normalize(absolute) ? undefined : whole;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || existing === dirname(existing)) {
				return undefined;
			}
			missing.push(basename(existing));
			existing = dirname(existing);
		}
	}
	return undefined;
}
