import { CLOUD_GLOBAL } from './globalOptions';
import { wordsFromVerb } from './optionGrammar';
import type { ProgramModel } from './programModel';

/** Programs whose upload verbs {@link cloudUploads} reads. */
export const UPLOAD_PROGRAMS = ['aws', 'gsutil', 'gh'] as const;

/** A bucket or remote address rather than a local file. */
const REMOTE = /^(?:s3|gs|https?):\/\//;

/** The local files an upload verb sends, and whether it sends their trees; `undefined` for any other verb. */
function uploaded(
	name: string,
	words: readonly string[],
): { files: readonly string[]; tree: boolean } | undefined {
	const operands = (from: number) => words.slice(from).filter((word) => !word.startsWith('-'));
	const recursive = words.some((word) => /^(?:-r|-R|--recursive)$/.test(word));
	if (name === 'aws' && words[0] === 's3' && ['cp', 'mv', 'sync'].includes(words[1] ?? '')) {
		return {
			files: operands(2)
				.slice(0, -1)
				.filter((word) => !REMOTE.test(word)),
			tree: recursive || words[1] === 'sync',
		};
	}
	if (name === 'gsutil' && ['cp', 'mv', 'rsync'].includes(words[0] ?? '')) {
		return {
			files: operands(1)
				.slice(0, -1)
				.filter((word) => !REMOTE.test(word)),
			tree: recursive || words[0] === 'rsync',
		};
	}
	if (name === 'gh' && words[0] === 'gist' && words[1] === 'create') {
		return { files: operands(2).filter((word) => word !== '-'), tree: false };
	}
	if (name === 'gh' && words[0] === 'release' && words[1] === 'upload') {
		return { files: operands(3), tree: false };
	}
	return undefined;
}

/**
 * Cloud and hosting CLIs that send local files away (`aws s3 cp FILE s3://…`, `gsutil cp`, `gh gist create FILE`,
 * `gh release upload TAG FILE`): each file is sent, like `curl -T FILE`.
 */
export const cloudUploads: ProgramModel = (call) => {
	const upload = uploaded(call.name, wordsFromVerb(call.args, CLOUD_GLOBAL));
	return (upload?.files ?? []).map((path) =>
		call.effect({ kind: 'send', path, tree: upload?.tree ?? false, action: 'uploads' }),
	);
};
