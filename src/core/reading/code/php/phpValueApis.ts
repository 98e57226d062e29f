import type { ApiHandler } from '../codeReading';
import { argument, both, emitSend, loadsNativeCode, runsCode, sends } from '../apiHandlers';
import { unknown } from '../codeValue';
import type { Decoding } from '../decodedText';
import { decodedText } from '../decodedText';
import { environmentValue } from '../dynamicAccess';
import { addressOf, elementsOf, joinItems, mapText } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { fixedText, opaque, text, textsOf, union } from '../symbolicValue';

function decodes(decoding: Decoding): ApiHandler {
	return (site) => decodedText(argument(site, 0) ?? [], decoding, site.api);
}

const decodedAtRunTime: ApiHandler = (site) => [
	text(unknown(`a string decoded at run time by ${site.api}`)),
];

/**
 * What a PHP callable value may call: a function name, a closure, or — for a value the reader does not know — any
 * function at all (variable functions are PHP's usual way to hide a call).
 */
export function callables(values: Candidates): Candidates {
	return values.map((value): SymbolicValue =>
		value.kind === 'opaque'
			? {
					kind: 'dynamic',
					why: `calls a function held in a value the reader cannot resolve (${value.why})`,
				}
			: value,
	);
}

/** `call_user_func($f, …)`: calls the callable (a function name, a closure) with the rest. */
const callsFirst: ApiHandler = (site, reading) =>
	reading.call(callables(argument(site, 0) ?? []), {
		args: site.args.slice(1),
		keywords: new Map(),
		spread: site.spread,
		text: site.text,
	});

/** `call_user_func_array($f, [$a, $b])`. */
const callsWithList: ApiHandler = (site, reading) => {
	const lists = argument(site, 1) ?? [];
	const only = lists.length === 1 ? lists[0] : undefined;
	const args = only?.kind === 'list' && !only.open ? [...only.items] : [];
	return reading.call(callables(argument(site, 0) ?? []), {
		args,
		keywords: new Map(),
		spread: args.length === 0,
		text: site.text,
	});
};

/** `array_map('unlink', $paths)`: calls the callable on each item. */
function callsOnItems(callbackAt: number, itemsAt: number): ApiHandler {
	return (site, reading) => {
		reading.call(callables(argument(site, callbackAt) ?? []), {
			args: [elementsOf(argument(site, itemsAt) ?? [])],
			keywords: new Map(),
			spread: false,
			text: site.text,
		});
		return [{ kind: 'list', items: [], open: true }];
	};
}

/** `new ReflectionFunction('system')`: an object that calls the named function. */
const reflection: ApiHandler = (site) =>
	textsOf(argument(site, 0) ?? []).map((path): SymbolicValue => ({
		kind: 'instance',
		type: 'ReflectionFunction',
		path,
	}));

/** `$reflection->invoke(…)`, `->invokeArgs([…])`. */
function invokes(listed: boolean): ApiHandler {
	return (site, reading) => {
		const target =
			site.receiver?.kind === 'instance' && site.receiver.path
				? [text(site.receiver.path)]
				: [opaque('a function')];
		return (listed ? callsWithList : callsFirst)(
			{ ...site, args: [target, ...site.args] },
			reading,
		);
	};
}

/** `curl_setopt($ch, CURLOPT_URL, $url)`: the URL the handle will fetch. */
const curlOption: ApiHandler = (site, reading) => {
	const option = argument(site, 1) ?? [];
	if (option.some((value) => value.kind !== 'api' || value.name === 'CURLOPT_URL')) {
		emitSend(reading, site, argument(site, 2) ?? []);
	}
	return undefined;
};

/** `fsockopen($host, $port)`. */
const socketOpen: ApiHandler = (site, reading) => {
	emitSend(
		reading,
		site,
		addressOf([
			{ kind: 'list', items: [argument(site, 0) ?? [], argument(site, 1) ?? [opaque('a port')]] },
		]),
	);
	return undefined;
};

/** `$GLOBALS['name']`: the snippet's own variable. */
const globalVariable: ApiHandler = (site, reading) =>
	union(
		...(site.args[0] ?? []).map((key): Candidates =>
			fixedText(key) !== undefined
				? reading.lookup(`$${fixedText(key) ?? ''}`)
				: [{ kind: 'dynamic', why: `${site.text} names a variable at run time` }],
		),
	);

/**
 * `putenv('LD_PRELOAD=/tmp/x.so')`: the next program PHP starts (`mail()` runs sendmail) loads that library, the usual
 * way around `disable_functions`; any variable the snippet does not fix may be that one.
 */
const setsLoaderVariable: ApiHandler = (site, reading) => {
	for (const setting of textsOf(argument(site, 0) ?? [])) {
		if (setting.kind === 'unknown' || /^\s*LD_|^\s*DYLD_/.test(setting.text)) {
			reading.emit({
				kind: 'unknown',
				call: site.api,
				why: `${site.text} may make the next program load a library`,
			});
		}
	}
	return undefined;
};

/** `extract($_GET)`, `parse_str($query)`: variables named by the data, which may be any of the snippet's. */
const setsVariables: ApiHandler = (site, reading) => {
	reading.setsAnyName(`a variable ${site.api} may set`);
	return undefined;
};

const environment: ApiHandler = (site) => environmentValue(site.args[0] ?? []);

/** PHP network calls, code evaluation, callables, decoders, environment and string helpers. */
export const PHP_VALUE_APIS: Readonly<Record<string, ApiHandler>> = {
	curl_init: both(sends(0), () => [{ kind: 'instance', type: 'CurlHandle' }]),
	curl_setopt: curlOption,
	fsockopen: socketOpen,
	pfsockopen: socketOpen,
	stream_socket_client: sends(0),
	socket_connect: (site, reading) => {
		emitSend(
			reading,
			site,
			addressOf([
				{ kind: 'list', items: [argument(site, 1) ?? [], argument(site, 2) ?? [opaque('a port')]] },
			]),
		);
		return undefined;
	},
	get_headers: sends(0),
	SoapClient: sends(0),
	mail: sends(0),
	eval: runsCode('php'),
	assert: runsCode('php'),
	create_function: runsCode('php', 1),
	call_user_func: callsFirst,
	call_user_func_array: callsWithList,
	forward_static_call: callsFirst,
	forward_static_call_array: callsWithList,
	register_shutdown_function: callsFirst,
	array_map: callsOnItems(0, 1),
	array_filter: callsOnItems(1, 0),
	array_walk: callsOnItems(1, 0),
	array_walk_recursive: callsOnItems(1, 0),
	array_reduce: callsOnItems(1, 0),
	usort: callsOnItems(1, 0),
	uasort: callsOnItems(1, 0),
	uksort: callsOnItems(1, 0),
	iterator_apply: callsOnItems(1, 0),
	preg_replace_callback: callsOnItems(1, 2),
	spl_autoload_register: callsOnItems(0, 0),
	set_error_handler: callsOnItems(0, 0),
	set_exception_handler: callsOnItems(0, 0),
	ReflectionFunction: reflection,
	'ReflectionFunction.invoke': invokes(false),
	'ReflectionFunction.invokeArgs': invokes(true),
	base64_decode: decodes('base64'),
	hex2bin: decodes('hex'),
	str_rot13: decodes('rot13'),
	gzinflate: decodedAtRunTime,
	gzuncompress: decodedAtRunTime,
	gzdecode: decodedAtRunTime,
	convert_uudecode: decodedAtRunTime,
	urldecode: (site) =>
		mapText(argument(site, 0) ?? [], (input) => safeDecodeUri(input.replace(/\+/g, ' '))),
	rawurldecode: (site) => mapText(argument(site, 0) ?? [], safeDecodeUri),
	strrev: (site) => mapText(argument(site, 0) ?? [], (input) => [...input].reverse().join('')),
	strtolower: (site) => mapText(argument(site, 0) ?? [], (input) => input.toLowerCase()),
	trim: (site) => mapText(argument(site, 0) ?? [], (input) => input.trim()),
	implode: (site) => joinItems(argument(site, 0) ?? [], argument(site, 1) ?? []),
	join: (site) => joinItems(argument(site, 0) ?? [], argument(site, 1) ?? []),
	chr: (site) =>
		(argument(site, 0) ?? []).map((value) =>
			value.kind === 'constant' && typeof value.value === 'number'
				? text(String.fromCharCode(value.value % 256))
				: text(unknown('a character the code computes')),
		),
	getenv: (site) => environmentValue(argument(site, 0) ?? []),
	extract: setsVariables,
	parse_str: setsVariables,
	mb_parse_str: setsVariables,
	putenv: setsLoaderVariable,
	'FFI.cdef': loadsNativeCode,
	'FFI.load': loadsNativeCode,
	dl: loadsNativeCode,
	'$_SERVER[]': environment,
	'$_ENV[]': environment,
	'$GLOBALS[]': globalVariable,
};

function safeDecodeUri(input: string): string {
	try {
		return decodeURIComponent(input);
	} catch {
		return input;
	}
}
