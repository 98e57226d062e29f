import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

import type { Node, ParseError } from 'jsonc-parser';
import { parseTree } from './jsoncParser';

/** What reading one settings file gave: its value (what the parser recovered), and every problem on the way. */
export type SettingsFileReading =
	| { readonly kind: 'missing' }
	| { readonly kind: 'unreadable'; readonly message: string }
	| {
			readonly kind: 'read';
			readonly value: unknown;
			/** One line per problem: syntax errors with line and column, keys that were ignored. */
			readonly problems: readonly string[];
	  };

/** Settings files are small; anything larger is not a settings file anyone wrote by hand. */
const MAX_SETTINGS_BYTES = 4 * 1024 * 1024;

// Keys that would reach an object's prototype when assigned: a settings file cannot use them to change defaults.
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// jsonc-parser's error codes (its ParseErrorCode) in words.
const SYNTAX_ERRORS: Readonly<Record<number, string>> = {
	1: 'an unexpected symbol',
	2: 'a malformed number',
	3: 'a property name is missing',
	4: 'a value is missing',
	5: 'a colon is missing',
	6: 'a comma is missing',
	7: 'a closing brace is missing',
	8: 'a closing bracket is missing',
	9: 'text after the end',
	10: 'a malformed comment',
	11: 'a comment is not closed',
	12: 'a string is not closed',
	13: 'a number is cut off',
	14: 'a malformed unicode escape',
	15: 'a malformed escape',
	16: 'a character not allowed in a string',
};

/**
 * Reads a VS Code settings file the way VS Code does, tolerantly: comments, trailing commas and a UTF-8 BOM are fine;
 * a syntax error costs only the broken part (what the parser recovers still applies) and is reported with its line
 * and column. Only regular files are read, without blocking (a FIFO at the path would hang a hook forever), and keys
 * such as `__proto__` are dropped with a warning instead of reaching a prototype.
 */
export function readSettingsFile(file: string): SettingsFileReading {
	const text = readRegularFile(file);
	if (typeof text !== 'string') {
		return text;
	}
	const errors: ParseError[] = [];
	const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
	const root = parseTree(source, errors, { allowTrailingComma: true, disallowComments: false });
	// An error makes the parser report more at the same place (a value missing, then the brace and bracket around it):
	// the first one there is the cause, the rest only repeat it.
	const causes = errors.filter((error, i) => errors[i - 1]?.offset !== error.offset);
	const problems = causes.slice(0, 3).map((error) => {
		const { line, column } = lineAndColumn(source, error.offset);
		return `${SYNTAX_ERRORS[error.error] ?? 'a syntax error'} at line ${line}, column ${column}; what could be read still applies`;
	});
	if (causes.length > 3) {
		problems.push(`and ${causes.length - 3} more syntax errors`);
	}
	const ignored: string[] = [];
	const value = root ? valueOf(root, ignored) : undefined;
	for (const key of ignored) {
		problems.push(`ignored the key "${key}": it could change defaults of every object`);
	}
	return { kind: 'read', value, problems };
}

function readRegularFile(file: string): string | SettingsFileReading {
	let fd: number;
	try {
		fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return code === 'ENOENT' || code === 'ENOTDIR'
			? { kind: 'missing' }
			: { kind: 'unreadable', message: `cannot read: ${code ?? String(error)}` };
	}
	try {
		const stat = fstatSync(fd);
		if (!stat.isFile()) {
			return { kind: 'unreadable', message: 'not a regular file; it is not read' };
		}
		if (stat.size > MAX_SETTINGS_BYTES) {
			return {
				kind: 'unreadable',
				message: `larger than ${MAX_SETTINGS_BYTES} bytes; it is not read`,
			};
		}
		const buffer = Buffer.alloc(stat.size);
		let read = 0;
		while (read < stat.size) {
			const n = readSync(fd, buffer, read, stat.size - read, read);
			if (n === 0) {
				break;
			}
			read += n;
		}
		return buffer.subarray(0, read).toString('utf8');
	} catch (error) {
		return { kind: 'unreadable', message: `cannot read: ${(error as Error).message}` };
	} finally {
		closeSync(fd);
	}
}

/** Builds a plain value from the parse tree, dropping prototype keys (recorded in `ignored`) at any depth. */
function valueOf(node: Node, ignored: string[]): unknown {
	switch (node.type) {
		case 'object': {
			const object: Record<string, unknown> = {};
			for (const property of node.children ?? []) {
				const [keyNode, valueNode] = property.children ?? [];
				if (keyNode?.type !== 'string' || !valueNode) {
					continue;
				}
				const key = String(keyNode.value);
				if (PROTOTYPE_KEYS.has(key)) {
					ignored.push(key);
					continue;
				}
				object[key] = valueOf(valueNode, ignored);
			}
			return object;
		}
		case 'array':
			return (node.children ?? []).map((child) => valueOf(child, ignored));
		default:
			return node.value as unknown;
	}
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
	const before = text.slice(0, offset);
	const line = before.split('\n').length;
	return { line, column: offset - before.lastIndexOf('\n') };
}
