import type { ApiHandler } from '../codeReading';
import { argument, emitSpawn, loadsNativeCode, option, runsCode } from '../apiHandlers';
import { unknown } from '../codeValue';
import type { Decoding } from '../decodedText';
import { decodedText } from '../decodedText';
import { environmentValue, importedModule, memberNamed } from '../dynamicAccess';
import { concatenateAll, joinItems, mapText, splitText } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { api, fixedText, mayBeTrue, opaque, text, textsOf, union } from '../symbolicValue';
import { canonicalJavaScriptModule } from './canonicalJavaScriptModule';

/** `require(name)`, `import(name)`. */
const requires: ApiHandler = (site, reading) =>
	importedModule(reading, site, argument(site, 0) ?? [], canonicalJavaScriptModule);

/** `globalThis[name]`, `globalThis.name`: the global the name says, or a run-time reference. */
const globalMember: ApiHandler = (site, reading) =>
	union(
		...(site.args[0] ?? []).map((key): Candidates =>
			fixedText(key) !== undefined
				? reading.rules.global(fixedText(key) ?? '', reading)
				: [{ kind: 'dynamic', why: `${site.text} picks a global by a name computed at run time` }],
		),
	);

/**
 * `new Function('a', 'b', body)`: the body (the last argument) is code to read; the function made of it is called
 * later, and what that call returns (`new Function('return this')()` is the global object) is a run-time reference.
 */
const functionBody: ApiHandler = (site, reading) => {
	runsCode('javascript', Math.max(site.args.length - 1, 0))(site, reading);
	return [api('Function.made')];
};

/** `Buffer.from(data, 'base64')`: decoded when the encoding is one the reader undoes, else the data itself. */
const bufferFrom: ApiHandler = (site) =>
	union(
		...textsOf(argument(site, 1) ?? [text('utf8')]).map((encoding): Candidates => {
			const name = encoding.kind === 'literal' ? encoding.text.toLowerCase() : '?';
			const decoding: Decoding | undefined =
				name === 'base64' || name === 'base64url' ? 'base64' : name === 'hex' ? 'hex' : undefined;
			if (decoding) {
				return decodedText(argument(site, 0) ?? [], decoding, site.api);
			}
			return ['utf8', 'utf-8', 'ascii', 'latin1', 'binary'].includes(name)
				? (argument(site, 0) ?? [])
				: [text(unknown(`a string decoded at run time by ${site.api}`))];
		}),
	);

/** `String.fromCharCode(114, 109)`. */
const fromCharCodes: ApiHandler = (site) =>
	concatenateAll(
		site.args.map((values) =>
			values.map((value): SymbolicValue =>
				value.kind === 'constant' && typeof value.value === 'number'
					? text(String.fromCharCode(value.value))
					: text(unknown('a character the code computes')),
			),
		),
	);

/** `decodeURIComponent('%72%6d')`. */
const decodesUri: ApiHandler = (site) =>
	textsOf(argument(site, 0) ?? []).map((value) => {
		if (value.kind !== 'literal') {
			return text(value);
		}
		try {
			return text(decodeURIComponent(value.text));
		} catch {
			return text(unknown('a string that does not decode'));
		}
	});

/** `'metsys'.split('')`: the pieces, when the separator is fixed. */
const splits: ApiHandler = (site) =>
	splitText(site.receiver ? [site.receiver] : [], argument(site, 0), false);

/** `new Worker(code, { eval: true })` runs code; `new Worker(file)` runs a Node script. */
const workerThread: ApiHandler = (site, reading) => {
	const evaluates = option(site, 'eval');
	if (evaluates !== undefined && mayBeTrue(evaluates)) {
		runsCode('javascript')(site, reading);
	} else {
		emitSpawn(reading, site, [[text('node')], argument(site, 0) ?? []]);
	}
	return [{ kind: 'instance', type: 'worker_threads.Worker' }];
};

const receiver: ApiHandler = (site) => (site.receiver ? [site.receiver] : []);

/** JavaScript's module loading, code evaluation, decoders, environment and string helpers. */
export const JAVASCRIPT_VALUE_APIS: Readonly<Record<string, ApiHandler>> = {
	require: requires,
	'module.require': requires,
	'process.mainModule.require': requires,
	'module.createRequire': () => [api('require')],
	'process.binding': (site, reading) => {
		reading.emit({
			kind: 'unknown',
			call: site.api,
			why: 'reaches one of Node’s internal bindings',
		});
		return [{ kind: 'dynamic', why: 'an internal Node binding' }];
	},
	'process.dlopen': loadsNativeCode,
	'worker_threads.Worker': workerThread,
	'process.env[]': (site) => environmentValue(site.args[0] ?? []),
	'globalThis[]': globalMember,
	'global[]': globalMember,
	'window[]': globalMember,
	'self[]': globalMember,
	'Reflect.get': (site, reading) =>
		memberNamed(reading, argument(site, 0) ?? [], argument(site, 1) ?? [], site.text),
	'Reflect.apply': (site, reading) => {
		const listed = argument(site, 2)?.find((value) => value.kind === 'list');
		const args = listed?.kind === 'list' && !listed.open ? [...listed.items] : [];
		return reading.call(argument(site, 0) ?? [], {
			args,
			keywords: new Map(),
			spread: !listed,
			text: site.text,
		});
	},
	eval: runsCode('javascript'),
	Function: functionBody,
	'Function.made': () => [{ kind: 'dynamic', why: 'the result of a function made from a string' }],
	'util.promisify': (site) => argument(site, 0) ?? [],
	'module._load': requires,
	'module.Module._load': requires,
	'Reflect.construct': (site, reading) => {
		const listed = argument(site, 1)?.find((value) => value.kind === 'list');
		const args = listed?.kind === 'list' && !listed.open ? [...listed.items] : [];
		return reading.call(argument(site, 0) ?? [], {
			args,
			keywords: new Map(),
			spread: !listed,
			text: site.text,
		});
	},
	'vm.runInThisContext': runsCode('javascript'),
	'vm.runInNewContext': runsCode('javascript'),
	'vm.runInContext': runsCode('javascript'),
	'vm.compileFunction': runsCode('javascript'),
	'vm.Script': runsCode('javascript'),
	atob: (site) => decodedText(argument(site, 0) ?? [], 'base64', site.api),
	'Buffer.from': bufferFrom,
	'String.fromCharCode': fromCharCodes,
	'String.raw': (site) => argument(site, 0) ?? [],
	decodeURIComponent: decodesUri,
	decodeURI: decodesUri,
	unescape: decodesUri,
	'string.toString': receiver,
	'string.trim': (site) => mapText(site.receiver ? [site.receiver] : [], (input) => input.trim()),
	'string.concat': (site) => concatenateAll([site.receiver ? [site.receiver] : [], ...site.args]),
	'string.split': splits,
	'list.reverse': (site) =>
		(site.receiver ? [site.receiver] : []).map((list): SymbolicValue =>
			list.kind === 'list' && !list.open
				? { kind: 'list', items: [...list.items].reverse() }
				: opaque('a reversed list'),
		),
	'list.join': (site) =>
		joinItems(argument(site, 0) ?? [text(',')], site.receiver ? [site.receiver] : []),
};
