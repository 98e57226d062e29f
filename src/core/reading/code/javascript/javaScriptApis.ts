import type { ApiHandler } from '../codeReading';
import { DRIVER_APIS } from '../driverApis';
import { DENO_BUN_APIS } from './denoBunApis';
import { JAVASCRIPT_NETWORK_APIS } from './javaScriptNetworkApis';
import { JAVASCRIPT_VALUE_APIS } from './javaScriptValueApis';
import { NODE_FILE_APIS } from './nodeFileApis';
import { NODE_PROCESS_APIS } from './nodeProcessApis';

/** Every JavaScript API the reader follows (Node, Deno, Bun and the web platform), by canonical name. */
export const JAVASCRIPT_APIS: Readonly<Record<string, ApiHandler>> = {
	...NODE_PROCESS_APIS,
	...NODE_FILE_APIS,
	...DENO_BUN_APIS,
	...JAVASCRIPT_NETWORK_APIS,
	...JAVASCRIPT_VALUE_APIS,
	...DRIVER_APIS,
};
