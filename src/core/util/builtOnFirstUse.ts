/**
 * A value built on the first call and returned by every later one (`undefined` included). The bridge starts once per
 * hook event: what only some events need, a zod schema or a checked folder, is built when needed and at most once.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
	let built: { readonly value: T } | undefined;
	return () => (built ??= { value: build() }).value;
}
