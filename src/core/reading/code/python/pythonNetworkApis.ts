import type { ApiHandler } from '../codeReading';
import { argument, both, emitFile, emitSend, sends } from '../apiHandlers';
import { addressOf } from '../symbolicOps';
import type { SymbolicValue } from '../symbolicValue';
import { textsOf } from '../symbolicValue';

/** A constructor that returns an object of `type` holding the URL or host it was given (a session, a request). */
function holds(type: string, ref: number | readonly [number, string] = 0): ApiHandler {
	return (site) =>
		textsOf(argument(site, ref) ?? []).map((path): SymbolicValue => ({
			kind: 'instance',
			type,
			path,
		}));
}

/** A constructor that connects as it is built, and returns its object. */
function connects(type: string, ref: number | readonly [number, string] = 0): ApiHandler {
	return both(sends(ref), () => [{ kind: 'instance', type }]);
}

/** A socket method that connects to an address tuple (`s.connect(('10.0.0.1', 4444))`). */
function connectsTo(position: number): ApiHandler {
	return (site, reading) => {
		emitSend(reading, site, addressOf(argument(site, position) ?? []));
		return undefined;
	};
}

/** `urllib.request.urlretrieve(url, filename)`: downloads to a file. */
const retrieves: ApiHandler = (site, reading) => {
	emitSend(reading, site, argument(site, [0, 'url']) ?? []);
	const file = argument(site, [1, 'filename']);
	if (file) {
		emitFile(reading, site, 'write', file);
	}
	return undefined;
};

const HTTP_VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'stream'];

/** The HTTP verbs of a client library and of its session objects, all sending to their URL argument. */
function httpClient(module: string, sessions: readonly string[]): Record<string, ApiHandler> {
	const table: Record<string, ApiHandler> = {
		[`${module}.request`]: sends([1, 'url']),
	};
	for (const owner of [module, ...sessions.map((session) => `${module}.${session}`)]) {
		for (const verb of HTTP_VERBS) {
			table[`${owner}.${verb}`] = sends([0, 'url']);
		}
		if (owner !== module) {
			table[owner] = () => [{ kind: 'instance', type: owner }];
			table[`${owner}.request`] = sends([1, 'url']);
		}
	}
	return table;
}

/** Python calls that talk to the network. */
export const PYTHON_NETWORK_APIS: Readonly<Record<string, ApiHandler>> = {
	'urllib.request.urlopen': sends([0, 'url']),
	'urllib.request.Request': holds('urllib.request.Request', [0, 'url']),
	'urllib.request.urlretrieve': retrieves,
	...httpClient('requests', ['Session', 'session']),
	...httpClient('httpx', ['Client', 'AsyncClient']),
	'aiohttp.ClientSession': () => [{ kind: 'instance', type: 'aiohttp.ClientSession' }],
	...Object.fromEntries(
		HTTP_VERBS.map((verb) => [`aiohttp.ClientSession.${verb}`, sends([0, 'url'])]),
	),
	'urllib3.PoolManager': () => [{ kind: 'instance', type: 'urllib3.PoolManager' }],
	'urllib3.PoolManager.request': sends([1, 'url']),
	'urllib3.request': sends([1, 'url']),
	'http.client.HTTPConnection': connects('http.client.HTTPConnection', [0, 'host']),
	'http.client.HTTPSConnection': connects('http.client.HTTPConnection', [0, 'host']),
	'socket.create_connection': connectsTo(0),
	'socket.socket': () => [{ kind: 'instance', type: 'socket.socket' }],
	'socket.socket.connect': connectsTo(0),
	'socket.socket.connect_ex': connectsTo(0),
	'socket.socket.sendto': connectsTo(1),
	'smtplib.SMTP': connects('smtplib.SMTP', [0, 'host']),
	'smtplib.SMTP_SSL': connects('smtplib.SMTP', [0, 'host']),
	'ftplib.FTP': connects('ftplib.FTP', [0, 'host']),
	'ftplib.FTP_TLS': connects('ftplib.FTP', [0, 'host']),
	'telnetlib.Telnet': connects('telnetlib.Telnet', [0, 'host']),
	'poplib.POP3': connects('poplib.POP3', [0, 'host']),
	'imaplib.IMAP4': connects('imaplib.IMAP4', [0, 'host']),
	'imaplib.IMAP4_SSL': connects('imaplib.IMAP4', [0, 'host']),
	'xmlrpc.client.ServerProxy': connects('xmlrpc.client.ServerProxy', [0, 'uri']),
	'webbrowser.open': sends([0, 'url']),
};
