/*
 * jsonc-parser's parser on its own. The package's main module also builds its formatter's tables when it loads (1,200
 * indentation strings), which every hook event paid for and none uses: the bridge reads settings, it never formats.
 * The package declares types for its main module only, so the parser's one function is typed here from it.
 */
import type { Node, ParseError, ParseOptions } from 'jsonc-parser';
// @ts-expect-error -- the module ships without declarations; parseTree is typed below from the package's own.
import { parseTree as parseTreeOnly } from 'jsonc-parser/lib/esm/impl/parser.js';

/** jsonc-parser's `parseTree`, loaded without the rest of the package. */
export const parseTree = parseTreeOnly as (
	text: string,
	errors?: ParseError[],
	options?: ParseOptions,
) => Node | undefined;
