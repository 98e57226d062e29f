import { describe, expect, it } from 'vitest';

import { isSecretName } from '../../../../../src/core/judging/paths/sensitivePaths';

describe('isSecretName: file names that usually hold credentials, in any case', () => {
	it.each([
		'.env',
		'.ENV.local',
		'.env.production',
		'.envrc',
		'prod.env',
		'.secrets',
		'secrets.YAML',
		'client_secret_123.apps.json',
		'service-account-prod.json',
		'.pgpass',
		'.my.cnf',
		'_netrc',
		'Credentials.json',
		'id_ed25519_sk',
		'ID_RSA',
		'.zsh_history',
		'terraform.tfstate.backup',
		'server.key',
		'release.keystore',
		'prod.tfvars',
	])('%s holds credentials', (name) => expect(isSecretName(name)).toBe(true));

	it.each([
		'.env.example',
		'.env.Sample',
		'.env.template',
		'.env.defaults',
		'example.env',
		'id_rsa.pub',
		'credentials.txt',
		'secret.json.bak',
		'.fish_history',
		'keys.ts',
		'README.md',
		'env',
	])('%s does not', (name) => expect(isSecretName(name)).toBe(false));
});
