/*
 * Options service CLIs read before their verb, by family: where the verb of `kubectl -n prod delete pvc` or `aws
 * --profile prod s3 rb` is. The program vocabulary gives each service CLI one of these, and every reading of such a
 * program (data loss, credentials printed, uploads) finds the verb through it.
 */
import type { OptionGrammar } from './optionGrammar';

/** kubectl's and helm's options that may come before the verb. */
export const KUBE_GLOBAL: OptionGrammar = {
	shortValues: 'nslcf',
	longValues: [
		'namespace',
		'context',
		'kubeconfig',
		'cluster',
		'user',
		'server',
		'token',
		'selector',
		'filename',
		'kube-context',
		'as',
		'as-group',
	],
};

/** Cloud and hosting CLIs' options that may come before the verb (`aws --profile prod s3 rb`). */
export const CLOUD_GLOBAL: OptionGrammar = {
	longValues: [
		'profile',
		'region',
		'output',
		'endpoint-url',
		'query',
		'project',
		'subscription',
		'resource-group',
		'account',
		'format',
		'context',
		'app',
		'a',
		'team',
		'scope',
		'cli-read-timeout',
		'config',
		'token',
		'org',
		'env',
		'environment',
		'stage',
	],
	shortValues: 'ag',
};

/** Container engines' options before the verb (`docker --context prod system prune`). */
export const CONTAINER_GLOBAL: OptionGrammar = {
	longValues: [
		'context',
		'host',
		'config',
		'log-level',
		'file',
		'project-name',
		'env-file',
		'profile',
	],
	shortValues: 'cHfp',
};

/** Infrastructure tools' options before the verb (`terraform -chdir=infra destroy`, `pulumi -s prod destroy`). */
export const INFRA_GLOBAL: OptionGrammar = {
	longValues: ['chdir', 'cwd', 'stack', 'C', 'profile', 'app', 'context'],
	shortValues: 's',
};

/** GitHub's and GitLab's CLIs: the repository and host they act on. */
export const FORGE_GLOBAL: OptionGrammar = {
	shortValues: 'R',
	longValues: ['repo', 'hostname'],
};

/** Database admin tools' connection options before the verb (`mysqladmin -uroot -h db drop prod`). */
export const DATABASE_GLOBAL: OptionGrammar = {
	shortValues: 'uhpPSOcwiU',
	longValues: [
		'user',
		'host',
		'port',
		'password',
		'socket',
		'database',
		'url',
		'env',
		'config',
		'dir',
		'migrations-dir',
		'target',
		'plan-file',
		'dsn',
		'engine',
	],
};
