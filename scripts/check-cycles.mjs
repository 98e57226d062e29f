// Fails when src/ has an import cycle, type-only imports included, or when a floor of src/core imports a floor above
// it: a cycle means two files are one idea split in two, an arrow up means a floor that cannot be read without the
// ones built on it. ESLint's layer rules (eslint.config.mjs) stop imports that go the wrong way between layers; this
// stops the loops inside a layer and keeps the core's floors in order. Prints each cycle as a chain of files and each
// arrow up as one import.
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

/**
 * The floors of src/core, lowest first, in the order data is made: a file may import its own floor and those below,
 * never one above. Each floor is a list of folders under src/core; a folder's subfolders share its floor unless named.
 * Folders on one floor may import each other (the cycle check above still holds for files).
 */
const CORE_FLOORS = [
	// Tools every floor may use: time, deadlines, zod, path arithmetic, secret masking.
	['util', 'paths', 'secrets'],
	// The terms every floor speaks: tool kinds, effects, verdicts and where they came from.
	['terms'],
	// Hook events in every dialect, as the runners send them.
	['events'],
	// What input says: shell lines, programs, statements, interpreter code, tool shapes.
	['reading'],
	// What a call does: the effects of each reading.
	['reading/effects'],
	// How the effects are judged: path classes, the judge table, the packs.
	['judging'],
	// The person's policy and every setting that shapes it.
	['policy', 'settings'],
	// Providers and their chain.
	['provider'],
	// What happens around a decision: approvals, audit records, sessions, snapshots, output, telemetry, and
	// whether the host lets Hookwarden's hook file run at all.
	['approvals', 'audit', 'sessions', 'snapshots', 'output', 'telemetry', 'hostPolicy'],
	// The one decide path.
	['pipeline'],
];

const coreFolder = join(src, 'core');

/** The floor of a file in src/core (the deepest named folder that holds it), or undefined outside the core. */
function floorOf(file) {
	if (!file.startsWith(`${coreFolder}/`)) {
		return undefined;
	}
	const parts = relative(coreFolder, file).split('/').slice(0, -1);
	for (let depth = parts.length; depth > 0; depth--) {
		const folder = parts.slice(0, depth).join('/');
		const floor = CORE_FLOORS.findIndex((folders) => folders.includes(folder));
		if (floor >= 0) {
			return floor;
		}
	}
	return -1;
}

const arrowsUp = [];
for (const [file, targets] of graph) {
	const from = floorOf(file);
	if (from === -1) {
		arrowsUp.push(`${relative(root, file)}: its folder is on no floor (add it to CORE_FLOORS)`);
		continue;
	}
	for (const target of targets) {
		const to = floorOf(target);
		if (from !== undefined && to !== undefined && to > from) {
			arrowsUp.push(`${relative(root, file)} -> ${relative(root, target)}`);
		}
	}
}
for (const arrow of arrowsUp) {
	console.log(`floor up: ${arrow}`);
}
console.log(
	`${graph.size} files, ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}, ${arrowsUp.length} core import${arrowsUp.length === 1 ? '' : 's'} up a floor`,
);
process.exit(cycles.length > 0 || arrowsUp.length > 0 ? 1 : 0);
