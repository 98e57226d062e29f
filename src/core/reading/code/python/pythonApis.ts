import type { ApiHandler } from '../codeReading';
import { DRIVER_APIS } from '../driverApis';
import { PYTHON_FILE_APIS } from './pythonFileApis';
import { PYTHON_NETWORK_APIS } from './pythonNetworkApis';
import { PYTHON_PROCESS_APIS } from './pythonProcessApis';
import { PYTHON_VALUE_APIS } from './pythonValueApis';

/** Every Python API the reader follows, by canonical name. */
export const PYTHON_APIS: Readonly<Record<string, ApiHandler>> = {
	...PYTHON_PROCESS_APIS,
	...PYTHON_FILE_APIS,
	...PYTHON_NETWORK_APIS,
	...PYTHON_VALUE_APIS,
	...DRIVER_APIS,
};
