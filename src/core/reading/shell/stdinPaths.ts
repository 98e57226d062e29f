/** A file name that is the process's own stdin: `/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0`, `/proc/$$/fd/0`. */
const STDIN_PATH =
	/^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/(?:self|thread-self|\d+|\$\$|\$\{\$\}|\$BASHPID)\/fd\/0)$/;

/** Whether a script operand names the program's own stdin, so the program reads its script from what it is fed. */
export function namesStdin(word: string): boolean {
	return STDIN_PATH.test(word);
}
