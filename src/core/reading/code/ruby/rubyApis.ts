import type { ApiHandler } from '../codeReading';
import { DRIVER_APIS } from '../driverApis';
import { RUBY_FILE_APIS } from './rubyFileApis';
import { RUBY_PROCESS_APIS } from './rubyProcessApis';
import { RUBY_VALUE_APIS } from './rubyValueApis';

/** Every Ruby API the reader follows, by canonical name (`Net::HTTP.get` is `Net.HTTP.get`). */
export const RUBY_APIS: Readonly<Record<string, ApiHandler>> = {
	...RUBY_PROCESS_APIS,
	...RUBY_FILE_APIS,
	...RUBY_VALUE_APIS,
	...DRIVER_APIS,
};
