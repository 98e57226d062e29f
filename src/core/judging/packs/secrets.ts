import type { Finding } from '../finding';
import type { Pack } from '../pack';
import type { PolicyInput } from '../policyInput';
import { findSecrets } from '../../secrets/findSecrets';
import { packFindings } from '../judgeEffects';

const SOURCE = { kind: 'builtin', pack: 'secrets' } as const;

/**
 * Asks before a prompt or a tool input that carries a credential reaches the model or a tool, and before a tool or a
 * shell command reads a credential file. The finding names the kind of secret and a masked form only, so the secret
 * never reaches a log or the tree.
 */
export const secretsPack: Pack = {
	id: 'secrets',
	evaluate(input: PolicyInput): readonly Finding[] {
		return [...credentialFindings(input), ...packFindings(input, 'secrets')];
	},
};

function credentialFindings(input: PolicyInput): readonly Finding[] {
	const { event } = input;
	let where: string;
	let text: string;
	if (event.name === 'UserPromptSubmit') {
		where = 'The prompt';
		text = event.prompt;
	} else if (event.name === 'PreToolUse') {
		where = `The input of '${event.tool.name}'`;
		text = stringValues(event.tool.input).join('\n');
	} else {
		return [];
	}
	const [first, ...rest] = findSecrets(text);
	if (!first) {
		return [];
	}
	const more = rest.length > 0 ? ` and ${rest.length} more` : '';
	return [
		{
			verdict: 'ask',
			ruleId: 'secrets.credential',
			reason: `${where} contains a ${first.kind} (${first.masked})${more}. Sending credentials to a model or a tool needs a person's approval.`,
			source: SOURCE,
			context:
				'Do not put credentials in tool inputs; read them from the environment or a secret store instead.',
		},
	];
}

function stringValues(value: unknown, into: string[] = [], depth = 0): string[] {
	if (typeof value === 'string') {
		into.push(value);
	} else if (depth < 8 && typeof value === 'object' && value !== null) {
		for (const child of Object.values(value)) {
			stringValues(child, into, depth + 1);
		}
	}
	return into;
}
