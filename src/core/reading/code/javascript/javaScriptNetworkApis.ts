import type { ApiHandler } from '../codeReading';
import { argument, emitSend, option, sends } from '../apiHandlers';
import { addressOf } from '../symbolicOps';
import type { Candidates, SymbolicValue } from '../symbolicValue';
import { opaque, text, textsOf, union } from '../symbolicValue';

/** `http.get(url)` or `http.request({ host, path })`: the URL, or the host of the options object. */
const requests: ApiHandler = (site, reading) => {
	const first = argument(site, 0) ?? [];
	const urls = first.filter((value) => value.kind !== 'map');
	const hosts = first.some((value) => value.kind === 'map')
		? (option(site, 'hostname') ?? option(site, 'host') ?? [text('localhost')])
		: [];
	emitSend(reading, site, union(urls, hosts));
	return undefined;
};

/** `net.connect(port, host)`, `net.connect({ host, port })`, `net.connect(path)`. */
const connects: ApiHandler = (site, reading) => {
	const first = argument(site, 0) ?? [];
	const targets: Candidates = first.some((value) => value.kind === 'map')
		? addressOf([
				{
					kind: 'list',
					items: [
						option(site, 'host') ?? [text('localhost')],
						option(site, 'port') ?? [opaque('a port')],
					],
				},
			])
		: first.some((value) => value.kind === 'constant')
			? addressOf([{ kind: 'list', items: [argument(site, 1) ?? [text('localhost')], first] }])
			: first;
	emitSend(reading, site, targets);
	return undefined;
};

/** `new Request(url)`, `new XMLHttpRequest()`: objects that send when used. */
function holds(type: string): ApiHandler {
	return (site) =>
		site.args.length === 0
			? [{ kind: 'instance', type }]
			: textsOf(argument(site, 0) ?? []).map((path): SymbolicValue => ({
					kind: 'instance',
					type,
					path,
				}));
}

/** `socket.send(msg, port, host)` on a `dgram` socket. */
const datagram: ApiHandler = (site, reading) => {
	emitSend(
		reading,
		site,
		addressOf([
			{
				kind: 'list',
				items: [argument(site, 2) ?? [text('localhost')], argument(site, 1) ?? [opaque('a port')]],
			},
		]),
	);
	return undefined;
};

/** Network calls of Node and of the web platform that Node, Deno and Bun share. */
export const JAVASCRIPT_NETWORK_APIS: Readonly<Record<string, ApiHandler>> = {
	fetch: sends(0),
	Request: holds('Request'),
	WebSocket: sends(0),
	EventSource: sends(0),
	XMLHttpRequest: holds('XMLHttpRequest'),
	'XMLHttpRequest.open': sends(1),
	'navigator.sendBeacon': sends(0),
	'http.get': requests,
	'http.request': requests,
	'net.connect': connects,
	'net.createConnection': connects,
	'tls.connect': connects,
	'dgram.createSocket': () => [{ kind: 'instance', type: 'dgram.Socket' }],
	'dgram.Socket.send': datagram,
};
