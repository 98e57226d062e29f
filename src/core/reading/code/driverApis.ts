import type { ApiHandler } from './codeReading';
import { sendsStatement } from './apiHandlers';
import { DRIVER_RECEIVER, STATEMENT_METHODS } from './driverMethods';

/** The driver methods' handlers (`$driver.execute` sends its first argument as a statement), for every language. */
export const DRIVER_APIS: Readonly<Record<string, ApiHandler>> = Object.fromEntries(
	STATEMENT_METHODS.map((method) => [`${DRIVER_RECEIVER}.${method}`, sendsStatement(0)]),
);
