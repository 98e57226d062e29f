import type { ApiHandler, CallSite } from '../codeReading';
import { clip } from '../codeReading';
import { argument, loadsNativeCode, runsCode } from '../apiHandlers';
import { unknown } from '../codeValue';
import type { Decoding } from '../decodedText';
import { decodedText } from '../decodedText';
import { environmentValue, importedModule, memberNamed } from '../dynamicAccess';
import { joinItems, mapText, shellWords, splitText } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { api, fixedText, opaque, text, textsOf, union } from '../symbolicValue';
import { formatBraces } from './formatPython';
import { canonicalPythonModule } from './canonicalPythonModule';

/** The first argument, unchanged (`str(p)`, `bytes(s)`, `s.encode()` on the receiver). */
const passThrough: ApiHandler = (site) => argument(site, 0) ?? [];
const receiver: ApiHandler = (site) => (site.receiver ? [site.receiver] : []);

function decodes(decoding: Decoding): ApiHandler {
	return (site) => decodedText(argument(site, 0) ?? [], decoding, site.api);
}

/** A call that decodes or decompresses data the reader cannot undo: its result is code nobody can read here. */
const opaqueDecoding: ApiHandler = (site) => [decodedAtRunTime(site)];

function decodedAtRunTime(site: CallSite): SymbolicValue {
	return text(unknown(`a string decoded at run time by ${site.api}`));
}

/** `codecs.decode(data, 'base64')`, `'rot13'`, `'hex'`. */
const codecsDecode: ApiHandler = (site) => {
	const encodings = textsOf(argument(site, [1, 'encoding']) ?? [text('utf-8')]);
	return union(
		...encodings.map((encoding): Candidates => {
			const name =
				encoding.kind === 'literal' ? encoding.text.toLowerCase().replace(/[-_]/g, '') : '';
			const decoding: Decoding | undefined =
				name === 'rot13'
					? 'rot13'
					: name === 'base64'
						? 'base64'
						: name === 'hex'
							? 'hex'
							: undefined;
			if (decoding) {
				return decodedText(argument(site, 0) ?? [], decoding, site.api);
			}
			return name.startsWith('utf') || name === 'ascii' || name === 'latin1'
				? (argument(site, 0) ?? [])
				: [decodedAtRunTime(site)];
		}),
	);
};

/** `getattr(obj, name)`: the member when the name is fixed, else a reference computed at run time. */
const getattr: ApiHandler = (site, reading) =>
	memberNamed(reading, argument(site, 0) ?? [], argument(site, 1) ?? [], site.text);

/** `__import__(name)`, `importlib.import_module(name)`. */
const importsModule: ApiHandler = (site, reading) =>
	importedModule(reading, site, argument(site, [0, 'name']) ?? [], canonicalPythonModule);

/** `globals()[name]`, `vars()[name]`: the snippet's own binding of the name. */
const ownName: ApiHandler = (site, reading) =>
	union(
		...(site.args[0] ?? []).map((key): Candidates =>
			fixedText(key) !== undefined
				? reading.lookup(fixedText(key) ?? '')
				: [
						{
							kind: 'dynamic',
							why: `${clip(site.text)} looks a name up by a string computed at run time`,
						},
					],
		),
	);

/** `globals()`, `locals()`: the snippet's own names, which code may also set through it (`globals()['p'] = …`). */
const namespace: ApiHandler = (site, reading) => {
	reading.setsAnyName(`a value set through ${site.api}()`);
	return [api('builtins.globals')];
};

/** `pickle.loads(data)`: unpickling runs code that the data names, whatever the data is. */
const unpickles: ApiHandler = (site, reading) => {
	reading.emit({
		kind: 'unknown',
		call: site.api,
		why: 'unpickling data can run any code the data names',
	});
	return [opaque('an unpickled object')];
};

/** `' '.join(words)`. */
const joins: ApiHandler = (site) =>
	joinItems(site.receiver ? [site.receiver] : [], argument(site, 0) ?? []);

const format: ApiHandler = (site) =>
	site.receiver?.kind === 'text'
		? formatBraces(site.receiver, site.args, site.keywords)
		: [opaque('a formatted string')];

function textChange(change: (input: string) => string): ApiHandler {
	return (site) => mapText(site.receiver ? [site.receiver] : [], change);
}

/** `'x'.replace(a, b)` with fixed arguments. */
const replace: ApiHandler = (site) => {
	const [from, to] = [textsOf(argument(site, 0) ?? []), textsOf(argument(site, 1) ?? [])];
	const a = from.length === 1 ? from[0] : undefined;
	const b = to.length === 1 ? to[0] : undefined;
	if (a?.kind !== 'literal' || b?.kind !== 'literal') {
		return [text(unknown('a string changed with values the code computes'))];
	}
	return mapText(site.receiver ? [site.receiver] : [], (input) => input.split(a.text).join(b.text));
};

/** `chr(115)`. */
const chr: ApiHandler = (site) =>
	(argument(site, 0) ?? []).map((value): SymbolicValue =>
		value.kind === 'constant' &&
		typeof value.value === 'number' &&
		value.value >= 0 &&
		value.value <= 0x10ffff
			? text(String.fromCodePoint(value.value))
			: text(unknown('a character the code computes')),
	);

/** Python builtins, environment access, decoders and string methods the reader follows. */
export const PYTHON_VALUE_APIS: Readonly<Record<string, ApiHandler>> = {
	'builtins.exec': runsCode('python', [0, 'source']),
	'builtins.eval': runsCode('python', [0, 'source']),
	'builtins.compile': (site) => argument(site, [0, 'source']) ?? [],
	'builtins.execfile': runsCode('python'),
	'builtins.getattr': getattr,
	'builtins.__import__': importsModule,
	'importlib.import_module': importsModule,
	'importlib.__import__': importsModule,
	'builtins.globals': namespace,
	'builtins.locals': namespace,
	'builtins.vars': (site, reading) => argument(site, 0) ?? namespace(site, reading),
	'builtins.setattr': (site, reading) => {
		reading.setsAnyName(`a value ${site.api} may set`);
		return undefined;
	},
	'builtins.globals[]': ownName,
	'sys.modules[]': (site, reading) =>
		importedModule(reading, site, site.args[0] ?? [], canonicalPythonModule),
	'builtins.str': passThrough,
	'builtins.bytes': passThrough,
	'builtins.bytearray': passThrough,
	'builtins.chr': chr,
	'os.getenv': (site) => environmentValue(argument(site, [0, 'key']) ?? []),
	'os.environ.get': (site) => environmentValue(argument(site, [0, 'key']) ?? []),
	'os.environ[]': (site) => environmentValue(site.args[0] ?? []),
	'base64.b64decode': decodes('base64'),
	'base64.standard_b64decode': decodes('base64'),
	'base64.urlsafe_b64decode': decodes('base64'),
	'base64.decodebytes': decodes('base64'),
	'base64.decodestring': decodes('base64'),
	'binascii.a2b_base64': decodes('base64'),
	'binascii.unhexlify': decodes('hex'),
	'binascii.a2b_hex': decodes('hex'),
	'builtins.bytes.fromhex': decodes('hex'),
	'codecs.decode': codecsDecode,
	'zlib.decompress': opaqueDecoding,
	'gzip.decompress': opaqueDecoding,
	'bz2.decompress': opaqueDecoding,
	'lzma.decompress': opaqueDecoding,
	'base64.b32decode': opaqueDecoding,
	'base64.b85decode': opaqueDecoding,
	'base64.a85decode': opaqueDecoding,
	'marshal.loads': opaqueDecoding,
	'pickle.loads': unpickles,
	'ctypes.CDLL': loadsNativeCode,
	'ctypes.PyDLL': loadsNativeCode,
	'ctypes.WinDLL': loadsNativeCode,
	'ctypes.OleDLL': loadsNativeCode,
	'ctypes.LibraryLoader': loadsNativeCode,
	'cffi.FFI': loadsNativeCode,
	'pickle.load': unpickles,
	'string.decode': receiver,
	'string.encode': receiver,
	'string.join': joins,
	'string.format': format,
	'string.replace': replace,
	'string.split': (site) =>
		splitText(site.receiver ? [site.receiver] : [], argument(site, [0, 'sep']), true),
	'shlex.split': (site) => shellWords(argument(site, 0) ?? []),
	'string.strip': textChange((input) => input.trim()),
	'string.lower': textChange((input) => input.toLowerCase()),
	'string.upper': textChange((input) => input.toUpperCase()),
};
