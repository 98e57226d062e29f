/*
 * Hookwarden's zod: the functional `zod/mini` API, whose unused parts a bundler drops (the classic `zod` API keeps
 * ~450 KB in every bundle, and the bridge pays for each kilobyte at every hook event's start-up).
 *
 * Import it as a namespace, `import * as z from './zod'`, never `zod` or `zod/mini` directly: a namespace
 * import lets esbuild keep only the functions used, and this module switches on zod's English messages ("Invalid
 * input: expected string, received number", "Too small: …"), which the classic API loads by itself and `zod/mini`
 * leaves out ("Invalid input" for everything). Settings problems and protocol refusals show those messages to people.
 */
import { en } from 'zod/locales';
import { config } from 'zod/mini';

config(en());
// Without this, zod compiles a fast parser for each object schema with `new Function` on its first parse: code no
// cache keeps, compiled again in every bridge process (and eval-made code has no place in a security tool).
config({ jitless: true });

export * from 'zod/mini';
