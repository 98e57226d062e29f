import { spawn } from 'node:child_process';

/** How a spawned command ended: its exit code and everything it printed. */
export interface ProcessRun {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/**
 * Spawns `command` with `stdin` written and closed, and collects its output, as a hook runner does. A command that
 * exits before reading all of stdin is not an error here; the tests check its answer.
 */
export function runProcess(
	command: string,
	args: readonly string[],
	options: {
		readonly cwd: string;
		readonly env: NodeJS.ProcessEnv;
		readonly stdin: string | Buffer;
		/** Runs it as another user (root only), as a file another user owns is seen. */
		readonly uid?: number;
	},
): Promise<ProcessRun> {
	return new Promise((done, fail) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env,
			...(options.uid !== undefined && { uid: options.uid, gid: options.uid }),
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.on('error', fail);
		child.on('close', (code) => done({ code, stdout, stderr }));
		child.stdin.on('error', () => undefined);
		child.stdin.end(options.stdin);
	});
}
