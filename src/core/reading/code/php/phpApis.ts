import type { ApiHandler } from '../codeReading';
import { PHP_FILE_APIS } from './phpFileApis';
import { PHP_PROCESS_APIS } from './phpProcessApis';
import { PHP_VALUE_APIS } from './phpValueApis';

/** Every PHP API the reader follows: functions by lower-case name, classes and static methods as `Class.method`. */
export const PHP_APIS: Readonly<Record<string, ApiHandler>> = {
	...PHP_PROCESS_APIS,
	...PHP_FILE_APIS,
	...PHP_VALUE_APIS,
};
