/** A credential found in text: what kind it is, where it sits, and a masked form that is safe to log. */
export interface SecretMatch {
	readonly kind: string;
	readonly start: number;
	readonly end: number;
	/** The first 4 characters and the last 2, never enough to use the secret. */
	readonly masked: string;
}

interface SecretPattern {
	readonly kind: string;
	readonly regex: RegExp;
}

// Prefixed token formats only: each prefix is specific enough that a hit is almost never a false positive, which
// matters because a hit interrupts the person with a question.
const SECRET_PATTERNS: readonly SecretPattern[] = [
	{
		kind: 'private key',
		regex:
			/-----BEGIN (?:[A-Z]+ )?PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z]+ )?PRIVATE KEY(?: BLOCK)?-----|$)/g,
	},
	{ kind: 'AWS access key id', regex: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
	{ kind: 'GitHub token', regex: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}\b/g },
	{ kind: 'GitHub fine-grained token', regex: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g },
	{ kind: 'Anthropic API key', regex: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
	{ kind: 'OpenAI API key', regex: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
	{ kind: 'Slack token', regex: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
	{ kind: 'Google API key', regex: /\bAIza[0-9A-Za-z_-]{35}\b/g },
	{ kind: 'Stripe secret key', regex: /\b[rs]k_live_[A-Za-z0-9]{20,}/g },
	{ kind: 'npm token', regex: /\bnpm_[A-Za-z0-9]{36}\b/g },
	{ kind: 'GitLab token', regex: /\bglpat-[A-Za-z0-9_-]{20,}/g },
];

// Every pattern above starts with one of these fragments. Most texts hold none, and one search for them is cheaper
// than eleven patterns, each compiled on its first use in every bridge process. Keep the two lists in step: the
// tests hold one sample of each kind.
const SECRET_HINT =
	/-----BEGIN |A(?:KIA|SIA|BIA|CCA)|gh[pousr]_|github_pat_|sk-|xox[abposr]-|AIza|[rs]k_live_|npm_|glpat-/;

/** Finds every credential in `text`, in order of position, without overlaps (the earlier, longer match wins). */
export function findSecrets(text: string): SecretMatch[] {
	if (!SECRET_HINT.test(text)) {
		return [];
	}
	const matches: SecretMatch[] = [];
	for (const { kind, regex } of SECRET_PATTERNS) {
		regex.lastIndex = 0;
		for (let hit = regex.exec(text); hit; hit = regex.exec(text)) {
			const value = hit[0];
			matches.push({
				kind,
				start: hit.index,
				end: hit.index + value.length,
				masked: maskValue(value),
			});
		}
	}
	matches.sort((a, b) => a.start - b.start || b.end - a.end);
	return matches.filter(
		(match, i) => matches.findIndex((other, j) => j < i && other.end > match.start) === -1,
	);
}

/** Replaces every credential in `text` with its masked form, so the text can be logged or shown. */
export function maskSecrets(text: string): string {
	let masked = '';
	let cursor = 0;
	for (const match of findSecrets(text)) {
		masked += text.slice(cursor, match.start) + match.masked;
		cursor = match.end;
	}
	return masked + text.slice(cursor);
}

function maskValue(value: string): string {
	if (value.startsWith('-----BEGIN')) {
		return '-----BEGIN PRIVATE KEY-----[masked]';
	}
	return `${value.slice(0, 4)}…[masked]…${value.slice(-2)}`;
}
