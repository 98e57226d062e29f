import type { Effect } from '../../terms/effect';
import { given, parseOptions, valuesOf } from './optionGrammar';
import type { ProgramCall } from './programModel';

/** Keys whose value git runs as a program or uses to find programs and config to run. */
const RUNS_LATER =
	/^(?:core\.(?:hookspath|fsmonitor|sshcommand|pager|editor|askpass|gitproxy)|sequence\.editor|pager\..+|diff\.external|diff\..+\.(?:command|textconv)|merge\..+\.driver|filter\..+\.(?:clean|smudge|process)|credential\.helper|gpg\.(?:\w+\.)?program|uploadpack\.packobjectshook|include\.path|includeif\..+\.path|alias\..+|ssh\.variant|core\.worktree|receive\.procreceiverefs)$/i;

/** Forms of `git config` that only read. */
const READS = [
	'get',
	'get-all',
	'get-regexp',
	'get-urlmatch',
	'list',
	'l',
	'show-origin',
	'show-scope',
	'get-color',
	'get-colorbool',
	'name-only',
];

/**
 * `git config [scope] KEY VALUE` (and `--unset`, `set`, `unset`): a setting that makes git run a program later is a
 * `configExec` effect (pointing `core.hooksPath` elsewhere switches off the repository's guarded hooks), and
 * `--file PATH` writes that file.
 */
export function gitConfigEffects(call: ProgramCall, args: readonly string[]): Effect[] {
	const parsed = parseOptions(args, {
		shortValues: 'f',
		longValues: ['file', 'blob', 'type', 'default', 'comment', 'value'],
	});
	if (given(parsed, ...READS)) {
		return [];
	}
	const verbs = new Set([
		'set',
		'unset',
		'get',
		'list',
		'edit',
		'rename-section',
		'remove-section',
	]);
	const words = verbs.has(parsed.operands[0] ?? '') ? parsed.operands.slice(1) : parsed.operands;
	const verb = verbs.has(parsed.operands[0] ?? '') ? parsed.operands[0] : undefined;
	if (verb === 'get' || verb === 'list') {
		return [];
	}
	const unsetting =
		verb === 'unset' || parsed.options.some((option) => option.name.startsWith('unset'));
	const key = words[0] ?? '';
	const effects: Effect[] = valuesOf(parsed, 'f', 'file').map((path) =>
		call.effect({ kind: 'write', path, action: 'writes git settings to' }),
	);
	if (RUNS_LATER.test(key) && (unsetting || words.length > 1)) {
		effects.push(
			call.effect({
				kind: 'configExec',
				subject: /^core\.hookspath$/i.test(key) ? 'hookSettings' : 'runtimeCode',
				action: `sets git's \`${key}\`, which makes git run a program later without a hook call`,
			}),
		);
	}
	return effects;
}
