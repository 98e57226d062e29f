import { readdirSync } from 'node:fs';

/**
 * The files of a built `dist/` the bridge runs from, wherever it is copied (the per-user read-only copy, the
 * administrator's policy-hook folder): its bundles, the decision exporter it spawns, the grammars, and the
 * `package.json` that pins the bundles to CommonJS (`src/bridge/package.json`, copied by the build). Without that pin Node takes the module type from the nearest
 * `package.json` above the copy, and a `{"type": "module"}` an agent writes to `~/package.json` made every bridge
 * start crash with `require is not defined`, which hook runners treat as no opinion.
 */
const BRIDGE_FILE = /^(?:(?:bridge|otel-export)(?:-[a-z]+)?\.js|[\w-]+\.wasm|package\.json)$/;

/** The files the bridge needs pinned beside it: a copy without them does not run as built. */
export const REQUIRED_BRIDGE_FILES: readonly string[] = ['bridge.js', 'package.json'];

/** The bridge's files in `distFolder`, sorted. */
export function bridgeFiles(distFolder: string): string[] {
	return readdirSync(distFolder)
		.filter((name) => BRIDGE_FILE.test(name))
		.sort();
}
