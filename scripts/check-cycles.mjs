// Fails when src/ has an import cycle, type-only imports included: a cycle means two files are one idea split in two,
// or a layer reaching back up. ESLint's layer rules (eslint.config.mjs) stop imports that go the wrong way between
// layers; this stops the loops inside a layer. Prints each cycle as a chain of files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const src = join(root, 'src');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function files(folder) {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
	});
}

function resolveImport(from, specifier) {
	const base = resolve(dirname(from), specifier);
	return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) =>
		existsSync(candidate),
	);
}

const graph = new Map();
for (const file of files(src)) {
	const text = readFileSync(file, 'utf8');
	const targets = new Set();
	for (const match of text.matchAll(IMPORT)) {
		const target = resolveImport(file, match[1]);
		if (target) {
			targets.add(target);
		}
	}
	graph.set(file, [...targets]);
}

// Tarjan's strongly connected components: every component with more than one file (or a self-import) is a cycle.
let index = 0;
const indices = new Map();
const lowLinks = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(node) {
	indices.set(node, index);
	lowLinks.set(node, index);
	index += 1;
	stack.push(node);
	onStack.add(node);
	for (const next of graph.get(node) ?? []) {
		if (!indices.has(next)) {
			connect(next);
			lowLinks.set(node, Math.min(lowLinks.get(node), lowLinks.get(next)));
		} else if (onStack.has(next)) {
			lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)));
		}
	}
	if (lowLinks.get(node) === indices.get(node)) {
		const component = [];
		let member;
		do {
			member = stack.pop();
			onStack.delete(member);
			component.push(member);
		} while (member !== node);
		if (component.length > 1 || (graph.get(node) ?? []).includes(node)) {
			cycles.push(component);
		}
	}
}
for (const node of graph.keys()) {
	if (!indices.has(node)) {
		connect(node);
	}
}

for (const cycle of cycles) {
	console.log(`cycle: ${cycle.map((file) => relative(root, file)).join(' <-> ')}`);
}
console.log(`${graph.size} files, ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}`);
process.exit(cycles.length > 0 ? 1 : 0);
