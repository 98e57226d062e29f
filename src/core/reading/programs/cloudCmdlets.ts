/*
 * Cloud modules' PowerShell cmdlets that remove what the cloud holds (`Remove-AzResourceGroup`, `Remove-S3Bucket`,
 * `Remove-MgUser`): a `Remove-` verb on a noun of a cloud module, named by the module's noun prefix. Adding a
 * module is adding its prefix.
 */
import type { ProgramModel } from './programModel';

// Noun prefixes of the cloud modules: Azure (Az, AzureRM, AzureAD, Azure), Microsoft Graph (Mg, MgBeta), AWS Tools
// (one prefix per service), Google Cloud Tools (Gce, Gcs, GcSql, Gcd, GcIam, Gcps), Exchange Online and Teams (EXO, Cs).
const MODULE_PREFIXES = [
	'Az',
	'AzureRm',
	'AzureAD',
	'Azure',
	'Mg',
	'MgBeta',
	'S3',
	'EC2',
	'DDB',
	'RDS',
	'IAM',
	'LM',
	'CFN',
	'SQS',
	'SNS',
	'ECR',
	'ECS',
	'EKS',
	'KMS',
	'SEC',
	'SSM',
	'CW',
	'CWL',
	'R53',
	'ELB',
	'ELB2',
	'EFS',
	'EB',
	'CF',
	'KIN',
	'GLUE',
	'Gce',
	'Gcs',
	'GcSql',
	'Gcd',
	'GcIam',
	'Gcps',
	'EXO',
	'Cs',
];

/** A cmdlet name (lower-case, as the table matches names) that removes a cloud resource. */
export const CLOUD_REMOVAL_CMDLET = new RegExp(
	`^remove-(?:${MODULE_PREFIXES.map((prefix) => prefix.toLowerCase()).join('|')})[a-z0-9]+$`,
);

/** A cloud module's `Remove-` cmdlet: data the cloud service holds is removed, unless `-WhatIf` only shows it. */
export const cloudCmdletRemoval: ProgramModel = (call) =>
	call.args.some((word) => /^-whatif(?::\$true)?$/i.test(word))
		? []
		: [
				call.effect({
					kind: 'serviceDataLoss',
					subject: 'serviceData',
					action: 'removes a cloud resource and the data it holds',
				}),
			];
