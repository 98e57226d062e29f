/** Variables that make a program load code the line does not show (`BASH_ENV=x bash`, `NODE_OPTIONS=--require x`). */
const LOADS_CODE =
	/^(?:BASH_ENV|ENV|NODE_OPTIONS|LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|PYTHONSTARTUP|PERL5OPT|RUBYOPT|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_EXEC_PATH)$/;

/** Whether a variable names code to load; `NODE_OPTIONS` only through its module options. */
export function loadsCode(variable: string, value: string): boolean {
	return (
		LOADS_CODE.test(variable) &&
		(variable !== 'NODE_OPTIONS' ||
			/(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader)\b/.test(value))
	);
}

/** Whether a variable can name code to load at all, whatever its value. */
export function isCodeLoadingVariable(variable: string): boolean {
	return LOADS_CODE.test(variable);
}
