import type { HookDecision, Verdict } from '../terms/decision';

/** What an external provider produced: a command's stdout, stderr and exit code, or an HTTP response's body (exit 0). */
export interface ProviderOutput {
	readonly stdout: string;
	readonly stderr?: string;
	readonly exitCode: number;
}

/** A provider's answer without its provenance (the caller knows who answered). */
export type ProviderAnswer = Omit<HookDecision, 'provenance'>;

/** An external provider's output read into an answer (`undefined` = no opinion), or why it could not be read. */
export type ReadProviderOutput =
	| { readonly ok: true; readonly answer: ProviderAnswer | undefined }
	| { readonly ok: false; readonly problem: string };

const VERDICTS: ReadonlySet<string> = new Set(['allow', 'ask', 'deny']);
const MAX_QUOTED = 200;

/**
 * Reads an external provider's output in every form existing hooks use: empty or `continue` (no opinion),
 * `block: <reason>`, `ask: <question>`, Astrid's `{"action": …}`, Hookwarden's own decision JSON, a VS Code / Claude /
 * Copilot CLI hook's output (`hookSpecificOutput.permissionDecision`, top-level `permissionDecision`, `decision:
 * "block"`, `continue: false`, a rewrite in `updatedInput`/`modifiedArgs`, a replaced result in
 * `updatedToolOutput`/`modifiedResult`), and exit code 2 with stderr as the reason. Any other exit code, and output none of these
 * forms explain, is a problem, never a guess.
 */
export function readProviderOutput(output: ProviderOutput): ReadProviderOutput {
	const stderr = (output.stderr ?? '').trim();
	if (output.exitCode === 2) {
		return answer({
			verdict: 'deny',
			reason: stderr || 'Blocked by a hooks provider (exit code 2).',
		});
	}
	if (output.exitCode !== 0) {
		return problem(
			`exited with code ${output.exitCode}${stderr ? `: ${quote(stderr)}` : ' and no message'}`,
		);
	}
	const text = output.stdout.trim();
	if (text === '' || /^continue$/i.test(text)) {
		return answer(undefined);
	}
	const keyword = /^(block|ask):\s*([\s\S]*)$/i.exec(text);
	if (keyword) {
		const [, word = '', rest = ''] = keyword;
		const verdict: Verdict = word.toLowerCase() === 'block' ? 'deny' : 'ask';
		return answer({ verdict, ...(rest.trim() !== '' && { reason: rest.trim() }) });
	}
	let json: unknown;
	try {
		json = JSON.parse(text) as unknown;
	} catch {
		return problem(`printed output that is neither a decision nor JSON: ${quote(text)}`);
	}
	if (typeof json !== 'object' || json === null || Array.isArray(json)) {
		return problem(`printed JSON that is not an object: ${quote(text)}`);
	}
	return readJsonOutput(json as Readonly<Record<string, unknown>>, text);
}

function readJsonOutput(json: Readonly<Record<string, unknown>>, text: string): ReadProviderOutput {
	if ('action' in json) {
		return readAction(json, text);
	}
	const specific = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
	const fields = {
		verdict: json.verdict ?? specific.permissionDecision ?? json.permissionDecision,
		reason:
			json.reason ??
			specific.permissionDecisionReason ??
			json.permissionDecisionReason ??
			specific.reason,
		additionalContext: json.additionalContext ?? specific.additionalContext,
		updatedInput: json.updatedInput ?? specific.updatedInput ?? json.modifiedArgs,
		updatedToolOutput:
			json.updatedToolOutput ??
			specific.updatedToolOutput ??
			(isRecord(json.modifiedResult) ? json.modifiedResult.textResultForLlm : undefined),
		systemMessage: json.systemMessage,
	};
	let verdict: Verdict | undefined;
	if (fields.verdict !== undefined) {
		if (typeof fields.verdict !== 'string' || !VERDICTS.has(fields.verdict)) {
			return problem(`answered an unknown permission decision in ${quote(text)}`);
		}
		verdict = fields.verdict as Verdict;
	}
	const decision = json.decision ?? specific.decision;
	if (decision === 'block') {
		verdict = 'deny';
	} else if (decision === 'approve' && verdict === undefined) {
		verdict = 'allow';
	} else if (decision !== undefined && decision !== 'approve') {
		return problem(`answered an unknown decision in ${quote(text)}`);
	}
	for (const key of [
		'reason',
		'additionalContext',
		'systemMessage',
		'updatedToolOutput',
	] as const) {
		if (fields[key] !== undefined && typeof fields[key] !== 'string') {
			return problem(`answered a ${key} that is not text in ${quote(text)}`);
		}
	}
	if (fields.updatedInput !== undefined && !isRecord(fields.updatedInput)) {
		return problem(`answered updated tool input that is not an object in ${quote(text)}`);
	}
	const stop =
		json.continue === false
			? {
					reason:
						typeof json.stopReason === 'string' && json.stopReason !== ''
							? json.stopReason
							: 'A hooks provider stopped the agent.',
				}
			: isRecord(json.stop) && typeof json.stop.reason === 'string'
				? { reason: json.stop.reason }
				: undefined;
	return answer(
		compact({
			verdict,
			reason: fields.reason,
			additionalContext: fields.additionalContext,
			updatedInput: fields.updatedInput,
			updatedToolOutput: fields.updatedToolOutput,
			systemMessage: fields.systemMessage,
			stop,
		}),
	);
}

// Astrid's handler protocol: `continue`, `block` (reason), `ask` (question), `continue_with` (changed input, context).
function readAction(json: Readonly<Record<string, unknown>>, text: string): ReadProviderOutput {
	const text_ = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
	switch (json.action) {
		case 'continue':
			return answer(undefined);
		case 'block':
			return answer(
				compact({ verdict: 'deny', reason: text_(json.reason) ?? text_(json.message) }),
			);
		case 'ask':
			return answer(
				compact({ verdict: 'ask', reason: text_(json.question) ?? text_(json.reason) }),
			);
		case 'continue_with': {
			const input = json.updatedInput ?? json.input ?? json.modified;
			if (input !== undefined && !isRecord(input)) {
				return problem(`answered continue_with input that is not an object in ${quote(text)}`);
			}
			return answer(
				compact({
					updatedInput: input,
					additionalContext: text_(json.additionalContext) ?? text_(json.context),
				}),
			);
		}
		default:
			return problem(`answered an unknown action in ${quote(text)}`);
	}
}

function answer(value: ProviderAnswer | undefined): ReadProviderOutput {
	return {
		ok: true,
		answer: value === undefined || Object.keys(value).length === 0 ? undefined : value,
	};
}

function problem(text: string): ReadProviderOutput {
	return { ok: false, problem: text };
}

function compact(value: Record<string, unknown>): ProviderAnswer {
	return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quote(text: string): string {
	const line = text.replace(/\s+/g, ' ');
	return `'${line.length > MAX_QUOTED ? `${line.slice(0, MAX_QUOTED)}…` : line}'`;
}
