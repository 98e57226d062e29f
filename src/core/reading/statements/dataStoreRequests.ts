/*
 * HTTP requests that lose a data store's data: `curl -X DELETE localhost:9200/logs` drops an Elasticsearch index,
 * `_delete_by_query` empties one, `DELETE /collections/x` drops a vector store's collection, and ClickHouse's and
 * InfluxDB's HTTP interfaces run the statement a request carries. Stores are told by their usual port or by a word
 * in the host's name, from one table.
 */
import type { Effect } from '../../terms/effect';
import type { ProgramModel } from '../programs/programModel';
import { readStatements } from './readStatements';
import type { StatementLoss } from './statementLoss';
import { lossAction } from './statementLoss';

/** One kind of data store spoken to over HTTP. */
interface HttpDataStore {
	readonly name: string;
	readonly ports: readonly string[];
	/** Words of a host's name that name the store (`es.internal`, `my-opensearch`). */
	readonly hosts?: RegExp;
	/** What a `DELETE` of a path drops: group 1 names it; a path it does not match loses too little to ask. */
	readonly deletes?: RegExp;
	/** Query parameters whose value is a statement, and whether the request body is one. */
	readonly statementParams?: readonly string[];
	readonly statementBody?: boolean;
}

/** The HTTP data stores Hookwarden knows. */
const HTTP_DATA_STORES: readonly HttpDataStore[] = [
	{
		name: 'Elasticsearch/OpenSearch',
		ports: ['9200', '9201', '9243'],
		hosts: /elastic|opensearch|(?:^|[.-])es\d*(?:[.-]|$)/i,
		// An index (`/logs`, `/logs-*`, `/_all`) or a snapshot, not one document (`/logs/_doc/1`).
		deletes: /^\/((?:[^_/][^/]*|_all|\*)\/?$|_snapshot\/.+|_data_stream\/.+)/,
	},
	{ name: 'CouchDB', ports: ['5984'], hosts: /couch/i, deletes: /^\/([^_/][^/]*)\/?$/ },
	{
		name: 'a vector store',
		ports: ['6333', '7700', '8108'],
		hosts: /qdrant|meili|typesense/i,
		deletes: /^\/((?:collections|indexes)\/[^/]+)\/?$/,
	},
	{
		name: 'ClickHouse',
		ports: ['8123'],
		hosts: /clickhouse/i,
		statementParams: ['query'],
		statementBody: true,
	},
	{ name: 'InfluxDB', ports: ['8086'], hosts: /influx/i, statementParams: ['q'] },
];

/** Options of the HTTP clients that name the request's method, and those whose value is the request body. */
const METHOD_OPTIONS = /^(?:-X|--request|--method|-method)$/i;
const BODY_OPTIONS = /^(?:-d|--data|--data-raw|--data-binary|--data-ascii|--body-data|-body)$/i;

/** A request as written: its method, where it goes, and its body when written on the line. */
interface Request {
	readonly method: string;
	readonly urls: readonly URL[];
	readonly bodies: readonly string[];
}

/** A word as a URL (`localhost:9200/logs` gets `http://`), or `undefined` when it names no host. */
function urlOf(word: string): URL | undefined {
	if (!/^(?:https?:\/\/)?[\w.-]+(?::\d+)?(?:[/?]|$)/i.test(word) || !/[.:/]/.test(word)) {
		return undefined;
	}
	try {
		return new URL(/^https?:\/\//i.test(word) ? word : `http://${word}`);
	} catch {
		return undefined;
	}
}

/** Reads a request's method, addresses and bodies from an HTTP client's words (`curl`, `wget`, `http`, `xh`, `irm`). */
function requestOf(args: readonly string[]): Request {
	let method = '';
	const urls: URL[] = [];
	const bodies: string[] = [];
	for (let at = 0; at < args.length; at++) {
		const word = args[at] ?? '';
		const glued = /^(?:-X|--request=|--method=)(.+)$/i.exec(word);
		if (glued) {
			method = glued[1] ?? '';
		} else if (METHOD_OPTIONS.test(word) || BODY_OPTIONS.test(word)) {
			const value = args[++at] ?? '';
			if (METHOD_OPTIONS.test(word)) {
				method = value;
			} else {
				bodies.push(value);
			}
		} else if (/^[A-Z]+$/.test(word) && urls.length === 0) {
			// httpie and xh take the method as their first operand: `http DELETE :9200/logs`.
			method = word;
		} else {
			const url = urlOf(word.replace(/^:(?=\d)/, 'localhost:'));
			if (url) {
				urls.push(url);
			}
		}
	}
	return { method: method.toUpperCase(), urls, bodies };
}

/** The store a URL points at: by its port, else by a word of its host's name. */
function storeOf(url: URL): HttpDataStore | undefined {
	return (
		HTTP_DATA_STORES.find((store) => store.ports.includes(url.port)) ??
		HTTP_DATA_STORES.find((store) => store.hosts?.test(url.hostname))
	);
}

/** What one request to one store loses. */
function requestLosses(request: Request, url: URL, store: HttpDataStore): StatementLoss[] {
	const path = decodeURIComponent(url.pathname);
	if (/\/_delete_by_query\b/.test(path)) {
		return [
			{ kind: 'deleteByQuery', object: `the ${store.name} index ${path.split('/')[1] ?? ''}` },
		];
	}
	const dropped = request.method === 'DELETE' ? store.deletes?.exec(path) : null;
	if (dropped) {
		return [{ kind: 'drop', object: `\`${dropped[1] ?? ''}\` in ${store.name}` }];
	}
	const statements = [
		...(store.statementParams ?? []).flatMap((name) => url.searchParams.getAll(name)),
		...(store.statementBody ? request.bodies : []),
	];
	return statements.flatMap((text) => readStatements(text, 'sql'));
}

/** What an HTTP client's request loses in the data store it is sent to. */
export const dataStoreRequests: ProgramModel = (call) => {
	const request = requestOf(call.args);
	return request.urls.flatMap((url) => {
		const store = storeOf(url);
		return store
			? requestLosses(request, url, store).map((loss): Effect =>
					call.effect({
						kind: 'serviceDataLoss',
						subject: 'serviceData',
						action: `${lossAction(loss)} over HTTP`,
					}),
				)
			: [];
	});
};
