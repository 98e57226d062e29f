import { describe, expect, it } from 'vitest';

import { type Call, verdictOf } from '../../../support/verdictOf';

const ASK = 'ask destructiveCommands.serviceDataLoss';
const DENY = 'deny destructiveCommands.serviceDataLoss';

/** Service CLIs read by one verb vocabulary: a destroying verb asks, a whole scope denies, an everyday verb is quiet. */
const ROWS: Readonly<Record<string, readonly (readonly [Call, string])[]>> = {
	'a destroying verb anywhere in the command path of a cloud, hosting or storage CLI': [
		['linode-cli linodes delete 4711', ASK],
		['doctl databases delete db-main --force', ASK],
		['scw instance server terminate 11111111', ASK],
		['turso db destroy shop', ASK],
		['rclone purge backup:old-photos', ASK],
		['s3cmd rb s3://reports-2019', ASK],
		['aws ec2 terminate-instances --instance-ids i-0abc', ASK],
		['aws --profile ops rds delete-db-cluster --db-cluster-identifier main', ASK],
		['gcloud --project acme functions delete resize', ASK],
	],
	'its noun form and a verb inside a joined word': [
		['aws secretsmanager schedule-secret-deletion --secret-id x', ASK],
		['wrangler kv:namespace:delete --namespace-id abc', ASK],
		['liquibase dropAll', DENY],
	],
	'migration tools going back to nothing, not one step': [
		['alembic downgrade base', ASK],
		['knex migrate:rollback --all', DENY],
		['dbmate drop', ASK],
		['flyway clean', ASK],
		['alembic downgrade -1', 'none'],
		['alembic upgrade head', 'none'],
		['flyway migrate', 'none'],
		['goose down', 'none'],
	],
	'secret stores, key-value stores and backups': [
		['vault secrets disable kv-legacy/', ASK],
		['etcdctl del --prefix /config', ASK],
		['restic forget --keep-last 1 --prune', ASK],
		['borg delete ::archive-2024', ASK],
	],
	'clusters, containers and machines': [
		['kubectl delete cm,secret app-settings', ASK],
		['kubectl -n shop delete deployment checkout', ASK],
		['podman-compose down --volumes', ASK],
		['minikube delete --all', DENY],
		['multipass delete --purge dev-vm', ASK],
		['kubectl delete pod web-5c8f', 'none'],
		['kubectl delete -f deploy/job.yaml', 'none'],
		['kubectl rollout undo deploy/web', 'none'],
		['docker container prune -f', 'none'],
		['helm rollback web 3', 'none'],
	],
	'a whole scope: everything, production, a namespace, a project, a resource group': [
		['terraform -chdir=infra destroy -auto-approve', DENY],
		['pulumi --stack prod-eu destroy --yes', DENY],
		['gcloud projects delete acme-sandbox', DENY],
		['az group delete -n rg-payments --yes', DENY],
		['kubectl --context production delete svc api', DENY],
		['terraform destroy', ASK],
	],
	'package managers: wiping all, or an environment, not removing one package': [
		['gem uninstall --all --executables', ASK],
		['conda env remove -n analysis', ASK],
		['rustup self uninstall -y', ASK],
		['conda remove numpy', 'none'],
		['brew uninstall wget', 'none'],
		['brew cleanup --prune=all', 'none'],
		['pnpm store prune', 'none'],
		['yarn cache clean', 'none'],
		['apt-get purge -y nginx', 'none'],
	],
	'everyday verbs before a resource whose name holds a destroying word': [
		['gcloud compute instances create cleanup-worker', 'none'],
		['doctl databases list', 'none'],
		['aws s3api get-bucket-lifecycle --bucket purge-queue', 'none'],
		['gh repo view owner/delete-me', 'none'],
		['supabase db reset', 'none'],
	],
	'programs Hookwarden does not know: only an unmistakable verb, and only asked': [
		['planetctl cluster destroy eu-1', ASK],
		['acme-cli tenant delete t-42 --all', ASK],
		['acme-cli reset --hard', 'none'],
		['acme-cli clean', 'none'],
		['acme-cli list deleted', 'none'],
	],
};

describe('service CLIs are read by their verbs', () => {
	for (const [kind, rows] of Object.entries(ROWS)) {
		describe(kind, () => {
			it.each(rows)('%j → %s', async (call, expected) => {
				expect(await verdictOf(call)).toBe(expected);
			});
		});
	}
});
