import { builtOnFirstUse } from './builtOnFirstUse';
import type * as z from './zod';

/**
 * A setting's schema and default, with the schema built on first read: the bridge starts once per hook event and
 * reads only a few settings, so building every schema at load would be paid for nothing.
 */
export function setting<S extends z.ZodMiniType, D>(
	build: () => S,
	defaultValue: D,
): { readonly schema: S; readonly default: D } {
	const schema = builtOnFirstUse(build);
	return {
		get schema() {
			return schema();
		},
		default: defaultValue,
	};
}
