// @ts-check
// `npm run package`: writes dist/hookwarden.vsix the one way every caller packages it (see packageArgs.mjs).
import { spawnSync } from 'node:child_process';

import { vsceArgs } from './packageArgs.mjs';

const root = new URL('..', import.meta.url).pathname;
const result = spawnSync('npx', vsceArgs(process.argv[2] ?? 'dist/hookwarden.vsix'), {
	cwd: root,
	stdio: 'inherit',
});
process.exit(result.status ?? 1);
