#!/usr/bin/env node
// @ts-check
/**
 * A stand-in "VS Code executable" for `@vscode/test-electron`'s `runTests({ vscodeExecutablePath })` (and
 * `@vscode/test-cli`'s `useInstallation.fromPath`). Instead of Electron it starts the real VS Code server
 * (server-main.js with `--enable-smoke-test-driver`) and opens headless Chromium on the workbench with a `payload`
 * naming the extension under development and the tests module; the server's Node extension host runs the tests.
 * The logic is in codeShimMain.ts, bundled on the fly with esbuild (Node 20 cannot run .ts).
 *
 * Arguments used (others, such as --no-sandbox, are ignored): `--extensionDevelopmentPath` (repeatable),
 * `--extensionTestsPath`, `--user-data-dir`, `--extensions-dir`, and a first positional argument: the folder
 * (or .code-workspace) to open.
 * Environment: all of it reaches the server and its extension host (this is how `extensionTestsEnv` arrives), plus
 *   HOOKWARDEN_E2E_TIMEOUT_MS     whole-run limit, default 180000
 *   HOOKWARDEN_E2E_SETTINGS       JSON User settings merged over the quiet defaults
 *   HOOKWARDEN_E2E_SHIM_VERBOSE=1 also forward the workbench's own log and the browser console
 * Exit code: the tests' exit code; 1 on a timeout or launch failure. On any failure the server, extension-host
 * and workbench logs are saved under test-results/logs/.
 */
import { loadBundle } from './compile.mjs';

const shim = /** @type {{ runShim(argv: string[]): Promise<number> }} */ (
	await loadBundle('codeShimMain.ts')
);
const code = await shim.runShim(process.argv.slice(2));
process.stdout.write('', () => process.exit(code));
