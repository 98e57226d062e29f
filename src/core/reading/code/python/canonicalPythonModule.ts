/** Modules that are other names for ones the API table knows under one name. */
const SAME_AS: Readonly<Record<string, string>> = {
	posixpath: 'os.path',
	ntpath: 'os.path',
	posix: 'os',
	nt: 'os',
	__builtin__: 'builtins',
	__builtins__: 'builtins',
	io: 'builtins',
	urllib2: 'urllib.request',
	'urllib.urlopen': 'urllib.request.urlopen',
	'urllib.urlretrieve': 'urllib.request.urlretrieve',
	'pathlib.PosixPath': 'pathlib.Path',
	'pathlib.WindowsPath': 'pathlib.Path',
	'pathlib.PurePath': 'pathlib.Path',
	'pathlib.PurePosixPath': 'pathlib.Path',
};

/** The name the API table knows a Python module or member by (`posixpath.join` → `os.path.join`). */
export function canonicalPythonModule(dotted: string): string {
	const parts = dotted.split('.');
	for (let length = parts.length; length > 0; length--) {
		const head = parts.slice(0, length).join('.');
		const same = SAME_AS[head];
		if (same !== undefined) {
			return [same, ...parts.slice(length)].join('.');
		}
	}
	return dotted;
}
