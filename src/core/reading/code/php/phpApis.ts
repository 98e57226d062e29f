import type { ApiHandler } from '../codeReading';
import { sendsStatement } from '../apiHandlers';
import { DRIVER_APIS } from '../driverApis';
import { PHP_FILE_APIS } from './phpFileApis';
import { PHP_PROCESS_APIS } from './phpProcessApis';
import { PHP_VALUE_APIS } from './phpValueApis';

/** Every PHP API the reader follows: functions by lower-case name, classes and static methods as `Class.method`. */
export const PHP_APIS: Readonly<Record<string, ApiHandler>> = {
	...PHP_PROCESS_APIS,
	...PHP_FILE_APIS,
	...PHP_VALUE_APIS,
	...DRIVER_APIS,
	// The procedural drivers take the connection first (`pg_query` may omit it).
	mysqli_query: sendsStatement(1),
	mysqli_multi_query: sendsStatement(1),
	mysqli_real_query: sendsStatement(1),
	pg_query: sendsStatement(1, 0),
	pg_send_query: sendsStatement(1),
};
