import type { ApiHandler } from '../codeReading';
import { argument, both, emitSend, loadsNativeCode, sends } from '../apiHandlers';
import { unknown } from '../codeValue';
import type { Decoding } from '../decodedText';
import { decodedText } from '../decodedText';
import { environmentValue } from '../dynamicAccess';
import { addressOf, joinItems, mapText, shellWords, splitText } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { fixedText, opaque, text, textsOf, union } from '../symbolicValue';

/**
 * A connection made as the object is built (`Net::HTTP.start(host)`), returning an object whose type is not the
 * class's name, so its own `get(path)` is not read as the class method `Net::HTTP.get(uri)`.
 */
function connects(type: string): ApiHandler {
	return both(sends(0), () => [{ kind: 'instance', type }]);
}

/** `TCPSocket.new(host, port)`, `Socket.tcp(host, port)`. */
const socket: ApiHandler = (site, reading) => {
	emitSend(
		reading,
		site,
		addressOf([
			{ kind: 'list', items: [argument(site, 0) ?? [], argument(site, 1) ?? [opaque('a port')]] },
		]),
	);
	return [{ kind: 'instance', type: 'TCPSocket' }];
};

/** `'…'.unpack1('m')` (base64), `'H*'` (hex): decoded when the directive is one the reader undoes. */
function unpacks(asList: boolean): ApiHandler {
	return (site) => {
		const directives = textsOf(argument(site, 0) ?? []);
		const directive =
			directives.length === 1 && directives[0]?.kind === 'literal' ? directives[0].text : '';
		const decoding: Decoding | undefined = /^m0?$/.test(directive)
			? 'base64'
			: /^H\*?$/.test(directive)
				? 'hex'
				: undefined;
		const decoded = decoding
			? decodedText(site.receiver ? [site.receiver] : [], decoding, site.api)
			: [text(unknown(`a string decoded at run time by ${site.api}`))];
		return asList ? [{ kind: 'list', items: [decoded] }] : decoded;
	};
}

/** `Object.const_get(:File)`: the constant when its name is fixed, else a run-time reference. */
const constGet: ApiHandler = (site, reading) =>
	union(
		...(argument(site, 0) ?? []).map((name): Candidates =>
			fixedText(name) !== undefined
				? reading.rules.global((fixedText(name) ?? '').replace(/^::/, ''), reading)
				: [{ kind: 'dynamic', why: `${site.text} names a constant computed at run time` }],
		),
	);

/** `Marshal.load(data)`: loading marshalled data can instantiate any class, a known code-execution path. */
const unmarshals: ApiHandler = (site, reading) => {
	reading.emit({
		kind: 'unknown',
		call: site.api,
		why: 'loading marshalled data can run code the data names',
	});
	return [opaque('a loaded object')];
};

/** `require name`, `load name`: a computed name loads code the reader cannot see. */
const loadsCode: ApiHandler = (site, reading) => {
	for (const value of textsOf(argument(site, 0) ?? [])) {
		if (value.kind === 'unknown') {
			reading.emit({
				kind: 'unknown',
				call: site.api,
				why: `${site.text} loads code named at run time`,
			});
		}
	}
	return undefined;
};

const receiver: ApiHandler = (site) => (site.receiver ? [site.receiver] : []);

/** Ruby network calls, environment access, decoders, constant lookup and string helpers. */
export const RUBY_VALUE_APIS: Readonly<Record<string, ApiHandler>> = {
	'Net.HTTP.get': sends(0),
	'Net.HTTP.get_response': sends(0),
	'Net.HTTP.get_print': sends(0),
	'Net.HTTP.post': sends(0),
	'Net.HTTP.post_form': sends(0),
	'Net.HTTP.new': connects('Net.HTTP session'),
	'Net.HTTP.start': connects('Net.HTTP session'),
	'Net.SMTP.start': connects('Net.SMTP session'),
	'Net.FTP.new': connects('Net.FTP session'),
	'Net.FTP.open': connects('Net.FTP session'),
	'TCPSocket.new': socket,
	'TCPSocket.open': socket,
	'Socket.tcp': socket,
	'Kernel.URI': (site) => argument(site, 0) ?? [],
	'URI.parse': (site) => argument(site, 0) ?? [],
	'ENV[]': (site) => environmentValue(site.args[0] ?? []),
	'ENV.fetch': (site) => environmentValue(argument(site, 0) ?? []),
	'Base64.decode64': (site) => decodedText(argument(site, 0) ?? [], 'base64', site.api),
	'Base64.strict_decode64': (site) => decodedText(argument(site, 0) ?? [], 'base64', site.api),
	'Base64.urlsafe_decode64': (site) => decodedText(argument(site, 0) ?? [], 'base64', site.api),
	'string.unpack1': unpacks(false),
	'string.unpack': unpacks(true),
	'Zlib.Inflate.inflate': (site) => [text(unknown(`a string decoded at run time by ${site.api}`))],
	'Marshal.load': unmarshals,
	'Fiddle.dlopen': loadsNativeCode,
	'Fiddle.Handle.new': loadsNativeCode,
	'Kernel.syscall': loadsNativeCode,
	'Kernel.require': loadsCode,
	'Kernel.load': loadsCode,
	'Kernel.require_relative': loadsCode,
	'Object.const_get': constGet,
	'Kernel.const_get': constGet,
	'Module.const_get': constGet,
	'string.split': (site) =>
		splitText(site.receiver ? [site.receiver] : [], argument(site, 0), true),
	'Shellwords.split': (site) => shellWords(argument(site, 0) ?? []),
	'Shellwords.shellsplit': (site) => shellWords(argument(site, 0) ?? []),
	'string.shellsplit': (site) => shellWords(site.receiver ? [site.receiver] : []),
	'string.to_s': receiver,
	'string.to_str': receiver,
	'string.strip': (site) => mapText(site.receiver ? [site.receiver] : [], (input) => input.trim()),
	'string.reverse': (site) =>
		mapText(site.receiver ? [site.receiver] : [], (input) => [...input].reverse().join('')),
	'list.join': (site) =>
		joinItems(argument(site, 0) ?? [text('')], site.receiver ? [site.receiver] : []),
	'list.first': (site) =>
		(site.receiver ? [site.receiver] : []).flatMap((list): SymbolicValue[] =>
			list.kind === 'list' && list.items[0] ? [...list.items[0]] : [opaque('a first item')],
		),
};
