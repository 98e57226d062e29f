/** Why stdin could not be used as a hook payload. */
export type StdinProblem =
	{ readonly kind: 'tooLarge'; readonly limit: number } | { readonly kind: 'notText' };

/** The largest payload the bridge reads; a `create_file` of a big file is a few MiB, anything past this is refused. */
export const MAX_INPUT_BYTES = 8 * 1024 * 1024;

/**
 * Reads all of stdin up to `limit` bytes. Past the limit it stops reading and reports `tooLarge` instead of holding an
 * unbounded buffer; bytes that are not valid UTF-8 report `notText`.
 */
export function readStdin(
	stream: NodeJS.ReadableStream = process.stdin,
	limit = MAX_INPUT_BYTES,
): Promise<{ text: string } | StdinProblem> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const onData = (chunk: Buffer | string) => {
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += buffer.length;
			if (size > limit) {
				cleanup();
				stream.pause();
				resolve({ kind: 'tooLarge', limit });
				return;
			}
			chunks.push(buffer);
		};
		const onEnd = () => {
			cleanup();
			const bytes = Buffer.concat(chunks, size);
			try {
				resolve({ text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) });
			} catch {
				resolve({ kind: 'notText' });
			}
		};
		const onError = (error: Error) => {
			cleanup();
			reject(error);
		};
		const cleanup = () => {
			stream.off('data', onData);
			stream.off('end', onEnd);
			stream.off('error', onError);
		};
		stream.on('data', onData);
		stream.on('end', onEnd);
		stream.on('error', onError);
	});
}
