/**
 * Blocks this thread for a few milliseconds. A pipe the runner made non-blocking answers EAGAIN until it is ready;
 * a blocking read or write loop waits here instead of spinning on the CPU the runner needs to get ready.
 */
export function waitBeforeRetry(): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
}
