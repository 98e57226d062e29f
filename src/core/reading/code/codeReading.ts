import type { CodeAction, CodeLanguage } from './codeAction';
import type { CodeSyntaxNode } from './codeParser';
import { valueKey } from './codeValue';
import type { FlowContext, FlowKind } from './flowContext';
import { nodeKey, surelyRunsBefore, TOP_LEVEL } from './flowContext';
import { DRIVER_RECEIVER, runsStatement } from './driverMethods';
import { MAX_EVALUATION_DEPTH, MAX_STEPS, OverReadingLimit } from './readingLimits';
import type { Candidates, SymbolicValue } from './symbolicValue';
import { api, fixedText, opaque, text, union } from './symbolicValue';

/** One call of a known API: its canonical name, the object it was reached through, and what its arguments may be. */
export interface CallSite {
	readonly api: string;
	readonly receiver?: SymbolicValue;
	readonly args: readonly Candidates[];
	readonly keywords: ReadonlyMap<string, Candidates>;
	/** Set when some arguments are spread from a value the reader could not expand (`*args`, `...rest`). */
	readonly spread: boolean;
	/** The call as written, for actions the reader cannot resolve. */
	readonly text: string;
}

/** What calling one API does: it reports actions to the reading and returns what the call evaluates to. */
export type ApiHandler = (site: CallSite, reading: CodeReading) => Candidates | undefined;

/** Where a parameter of a function the snippet defines takes its values from at a call. */
export interface Parameter {
	readonly name: string;
	/** Position among the positional arguments, or `undefined` for a keyword-only or rest parameter. */
	readonly position?: number;
	/** Set for `*args`, `...rest`: the parameter collects what the reader does not follow. */
	readonly rest?: boolean;
}

/** The arguments written at one call of a function the snippet defines. */
export interface WrittenArguments {
	readonly positional: readonly CodeSyntaxNode[];
	readonly keywords: ReadonlyMap<string, CodeSyntaxNode>;
}

/** Where a name's value comes from: an expression (optionally one part of it), or values known up front (an import). */
export type Binding =
	| {
			readonly node: CodeSyntaxNode;
			readonly select?: (values: Candidates, reading: CodeReading) => Candidates;
	  }
	| { readonly values: Candidates };

/** What one language adds to the shared reading: its syntax, its API table and its globals. */
export interface LanguageRules {
	readonly language: CodeLanguage;
	/** Handlers by canonical name; `X[]` handles `X[key]` (and `X.key` where members are keys). */
	readonly apis: Readonly<Record<string, ApiHandler>>;
	/** Attributes computed on access (`Path(p).parent`), by the name a method would have. */
	readonly properties?: Readonly<Record<string, ApiHandler>>;
	/**
	 * Members that reach objects the reader cannot model — the interpreter's own internals (`__globals__`,
	 * `__subclasses__`, `constructor`): whatever they are read on, they are run-time references, so calling one is
	 * unknown rather than nothing (`().__class__.__base__.__subclasses__()…`, `''.constructor.constructor('…')()`).
	 */
	readonly introspective?: ReadonlySet<string>;
	/** Whether `a.b` and `a['b']` are the same access (JavaScript), so `X[]` handles both. */
	readonly membersAreKeys: boolean;
	/** Records the names a node binds, the functions it defines and the calls it makes (first pass). */
	bindNames(node: CodeSyntaxNode, parent: CodeSyntaxNode | undefined, reading: CodeReading): void;
	/** How a node changes whether the code under it runs (an `if` body, a loop, a function). */
	flowKind(node: CodeSyntaxNode): FlowKind | undefined;
	/** Whether the node is a call-like expression whose actions the second pass reads. */
	isCall(node: CodeSyntaxNode): boolean;
	/** What one expression stands for. */
	evaluate(node: CodeSyntaxNode, reading: CodeReading): Candidates;
	/** What a name the snippet never binds stands for (a builtin, a module used without import, or opaque). */
	global(name: string, reading: CodeReading): Candidates;
	/** What calling a string does (PHP calls the function it names); absent where it is an error. */
	callText?(value: SymbolicValue & { kind: 'text' }, reading: CodeReading): SymbolicValue;
}

/**
 * A binding with where it takes effect: the end of the code that binds, in its flow context. `anyName` marks code
 * that may set any name (`exec`, `eval`, `extract`, a call the reader cannot resolve): it adds a value the reader
 * cannot fix to every name used after it, and never replaces earlier values.
 */
interface PlacedBinding {
	readonly binding: Binding;
	readonly position: number;
	readonly context: FlowContext;
	readonly anyName?: true;
}

/**
 * The state of reading one snippet: where each name gets its values, the functions the snippet defines and the
 * actions found. A use at the top level sees the last binding that surely ran before it and every binding in a
 * branch after that, the bindings later in an enclosing loop, and every binding inside a function (which may be
 * called at any time); a use inside a function sees every binding of the name. Evaluation is memoised per node and per name and bounded in
 * steps and depth ({@link OverReadingLimit}).
 */
export class CodeReading {
	private readonly bindings = new Map<string, PlacedBinding[]>();
	private readonly flows = new Map<string, FlowContext>();
	private readonly functions = new Map<string, Parameter[][]>();
	private readonly calls = new Map<string, WrittenArguments[]>();
	private readonly passedAround = new Set<string>();
	private readonly names = new Map<string, Candidates>();
	private readonly nodes = new Map<string, Candidates>();
	private readonly pending = new Set<string>();
	private readonly found = new Map<string, CodeAction>();
	private readonly substitutes = new Map<string, CodeSyntaxNode>();
	private readonly settersOfAnyName = new Map<string, PlacedBinding>();
	private readonly evaluating: CodeSyntaxNode[] = [];
	private foundNewSetter = false;
	/** Modules whose names are in scope unqualified (`from os import *`, Ruby's `include FileUtils`). */
	readonly openedModules: string[] = [];
	private steps = 0;
	private depth = 0;

	constructor(readonly rules: LanguageRules) {}

	/** The actions found so far, without duplicates, in the order found. */
	get actions(): readonly CodeAction[] {
		return [...this.found.values()];
	}

	/** Reports an action. */
	emit(action: CodeAction): void {
		this.found.set(actionKey(action), action);
	}

	/**
	 * Records that code may set any name here (`exec('p = …')`, `extract($_GET)`): names used after `at` (by default
	 * the call being evaluated) may have values the reader cannot fix. Found while evaluating, it asks for another
	 * pass ({@link needsAnotherPass}), since uses read before it was known took it as absent.
	 */
	setsAnyName(why: string, at: CodeSyntaxNode | undefined = this.evaluating.at(-1)): void {
		if (!at || this.settersOfAnyName.has(nodeKey(at))) {
			return;
		}
		this.settersOfAnyName.set(nodeKey(at), {
			binding: { values: [opaque(why)] },
			position: at.endIndex,
			context: this.flowOf(at),
			anyName: true,
		});
		this.foundNewSetter = true;
	}

	/** Whether evaluation found code that may set any name, so the calls must be evaluated again. */
	get needsAnotherPass(): boolean {
		return this.foundNewSetter;
	}

	/** Starts evaluating the calls again from scratch, keeping what the passes before learnt about bindings. */
	startPass(): void {
		this.names.clear();
		this.nodes.clear();
		this.found.clear();
		this.foundNewSetter = false;
	}

	/** Records the flow context of a node (first pass, before any binding is recorded under it). */
	setFlow(node: CodeSyntaxNode, context: FlowContext): void {
		if (context !== TOP_LEVEL) {
			this.flows.set(nodeKey(node), context);
		}
	}

	/** Records one place a name gets a value; `at` is the code that binds it (the value takes effect at its end). */
	bind(name: string, binding: Binding, at?: CodeSyntaxNode): void {
		const placed: PlacedBinding = {
			binding,
			position: at?.endIndex ?? 0,
			context: at ? this.flowOf(at) : TOP_LEVEL,
		};
		const list = this.bindings.get(name);
		if (list) {
			list.push(placed);
		} else {
			this.bindings.set(name, [placed]);
		}
	}

	/** Records a function the snippet defines by name, so its parameters take the values of its calls. */
	defineFunction(name: string, parameters: readonly Parameter[]): void {
		this.functions.set(name, [...(this.functions.get(name) ?? []), [...parameters]]);
	}

	/** Records a call of a function by its name. */
	recordCall(name: string, written: WrittenArguments): void {
		this.calls.set(name, [...(this.calls.get(name) ?? []), written]);
	}

	/** Records a use of a name as a value (not as a callee): a function used so may be called with anything. */
	notePassedAround(name: string): void {
		this.passedAround.add(name);
	}

	/** Binds each parameter of a function literal to the arguments of one call written right where it is defined. */
	bindParameters(parameters: readonly Parameter[], written: WrittenArguments): void {
		for (const parameter of parameters) {
			const argument =
				parameter.position === undefined ? undefined : written.positional[parameter.position];
			const keyword = written.keywords.get(parameter.name);
			const node = argument ?? keyword;
			this.bind(
				parameter.name,
				node ? { node } : { values: [opaque(`the parameter ${parameter.name}`)] },
			);
		}
	}

	/**
	 * After the first pass: parameters of a named function take the values of every call of it; a function also used
	 * as a value, or never called, has parameters the reader cannot fix.
	 */
	linkCalls(): void {
		for (const [name, definitions] of this.functions) {
			const calls = this.calls.get(name) ?? [];
			for (const parameters of definitions) {
				for (const written of calls) {
					this.bindParameters(parameters, written);
				}
				if (calls.length === 0 || this.passedAround.has(name)) {
					for (const parameter of parameters) {
						this.bind(parameter.name, { values: [opaque(`the parameter ${parameter.name}`)] });
					}
				}
			}
		}
	}

	/** Every value a name may have where `use` reads it (anywhere, without `use`: `globals()[name]`). */
	lookup(name: string, use?: CodeSyntaxNode): Candidates {
		const all = [...(this.bindings.get(name) ?? []), ...this.settersOfAnyName.values()];
		const reaching = use ? this.reaching(all, use) : all;
		if (reaching.every((placed) => placed.anyName)) {
			const values = reaching.map(({ binding }) => ('values' in binding ? binding.values : []));
			return union(this.rules.global(name, this), ...values);
		}
		const key = `${name}@${reaching.map((placed) => all.indexOf(placed)).join(',')}`;
		const known = this.names.get(key);
		if (known) {
			return known;
		}
		if (this.pending.has(key)) {
			return [opaque(`${name}, which refers to itself`)];
		}
		this.pending.add(key);
		try {
			const values = union(
				...reaching.map(({ binding }) =>
					'values' in binding
						? binding.values
						: (binding.select ?? same)(this.evaluate(binding.node), this),
				),
			);
			this.names.set(key, values);
			return values;
		} finally {
			this.pending.delete(key);
		}
	}

	private flowOf(node: CodeSyntaxNode): FlowContext {
		return this.flows.get(nodeKey(node)) ?? TOP_LEVEL;
	}

	/** The bindings of a name that may give its value at `use` (see the class comment). */
	private reaching(all: readonly PlacedBinding[], use: CodeSyntaxNode): PlacedBinding[] {
		const context = this.flowOf(use);
		if (context.inFunction) {
			return [...all];
		}
		const before = all
			.filter((placed) => placed.position <= use.startIndex)
			.sort((a, b) => a.position - b.position);
		let lastSure = -1;
		before.forEach((placed, index) => {
			if (!placed.anyName && surelyRunsBefore(placed.context, context)) {
				lastSure = index;
			}
		});
		const later = all.filter(
			(placed) =>
				placed.position > use.startIndex &&
				// Later in an enclosing loop, or in a function, which may be called before this use.
				(placed.context.inFunction || context.loops.some((loop) => placed.position <= loop.end)),
		);
		const earlierInFunctions = before
			.slice(0, Math.max(lastSure, 0))
			.filter((placed) => placed.context.inFunction && !placed.anyName);
		return [...earlierInFunctions, ...before.slice(Math.max(lastSure, 0)), ...later];
	}

	/** Makes `from` evaluate as `to` (a Ruby heredoc's opening, whose text comes lines later). */
	substitute(from: CodeSyntaxNode, to: CodeSyntaxNode): void {
		this.substitutes.set(nodeKey(from), to);
	}

	/** Every value an expression may have, reporting the actions of the calls in it. */
	evaluate(node: CodeSyntaxNode): Candidates {
		const key = nodeKey(node);
		const substitute = this.substitutes.get(key);
		if (substitute) {
			return this.evaluate(substitute);
		}
		const known = this.nodes.get(key);
		if (known) {
			return known;
		}
		if (++this.steps > MAX_STEPS) {
			throw new OverReadingLimit(`the code takes more than ${MAX_STEPS} steps to read`);
		}
		if (this.depth >= MAX_EVALUATION_DEPTH) {
			throw new OverReadingLimit(
				`the code nests values more than ${MAX_EVALUATION_DEPTH} levels deep`,
			);
		}
		this.depth++;
		this.evaluating.push(node);
		try {
			const values = this.rules.evaluate(node, this);
			this.nodes.set(key, values);
			return values;
		} finally {
			this.depth--;
			this.evaluating.pop();
		}
	}

	/** What `object.name` may be. */
	member(objects: Candidates, name: string): Candidates {
		return union(...objects.map((object) => this.memberOf(object, name)));
	}

	/** What `object[key]` may be. */
	subscript(objects: Candidates, keys: Candidates, written: string): Candidates {
		return union(
			...objects.flatMap((object) => keys.map((key) => this.subscriptOf(object, key, written))),
		);
	}

	/** Calls every value the callee may be, reporting actions; returns what the call may evaluate to. */
	call(callees: Candidates, site: Omit<CallSite, 'api' | 'receiver'>): Candidates {
		return union(...callees.map((callee) => this.callOne(callee, site)));
	}

	private callOne(callee: SymbolicValue, site: Omit<CallSite, 'api' | 'receiver'>): Candidates {
		switch (callee.kind) {
			case 'api': {
				const handler = this.rules.apis[callee.name];
				const full: CallSite = callee.receiver
					? { ...site, api: callee.name, receiver: callee.receiver }
					: { ...site, api: callee.name };
				return handler?.(full, this) ?? [opaque(`what ${callee.name} returns`)];
			}
			case 'dynamic':
				this.emit({ kind: 'unknown', call: clip(site.text), why: callee.why });
				this.setsAnyName(`a value code the reader cannot resolve may set (${clip(site.text)})`);
				return [callee];
			case 'text':
				return this.rules.callText
					? this.callOne(this.rules.callText(callee, this), site)
					: [opaque('calling a string')];
			default:
				return [opaque('what a call returns')];
		}
	}

	private memberOf(object: SymbolicValue, name: string): Candidates {
		if (this.rules.introspective?.has(name) && !(object.kind === 'api' && name === '__dict__')) {
			return [{ kind: 'dynamic', why: `reaches the interpreter's internals through ${name}` }];
		}
		switch (object.kind) {
			case 'api': {
				if (this.rules.membersAreKeys && this.rules.apis[`${object.name}[]`]) {
					return this.subscriptOf(object, text(name), `${object.name}.${name}`);
				}
				return name === '__dict__' ? [object] : [api(`${object.name}.${name}`)];
			}
			case 'instance':
				return (
					this.property(`${object.type}.${name}`, object) ?? [api(`${object.type}.${name}`, object)]
				);
			case 'text':
				return this.property(`string.${name}`, object) ?? [api(`string.${name}`, object)];
			case 'list':
				return [api(`list.${name}`, object)];
			case 'map':
				return object.entries.get(name) ?? [api(`map.${name}`, object)];
			case 'dynamic':
				return [object];
			case 'opaque':
				// A connection or cursor the reader cannot model still runs the statement its method is given.
				return runsStatement(name)
					? [api(`${DRIVER_RECEIVER}.${name.toLowerCase()}`)]
					: [opaque(`a member of ${object.why}`)];
			default:
				return [opaque('a member of a value')];
		}
	}

	private property(name: string, receiver: SymbolicValue): Candidates | undefined {
		const getter = this.rules.properties?.[name];
		const site = { api: name, receiver, args: [], keywords: new Map(), spread: false, text: name };
		return getter?.(site, this);
	}

	private subscriptOf(object: SymbolicValue, key: SymbolicValue, written: string): Candidates {
		const literalKey =
			fixedText(key) ??
			(key.kind === 'constant' && typeof key.value === 'number' ? key.value : undefined);
		if (
			typeof literalKey === 'string' &&
			(this.rules.introspective?.has(literalKey) ||
				(this.rules.membersAreKeys && object.kind !== 'map' && object.kind !== 'api'))
		) {
			// `x['constructor']` is `x.constructor`; in JavaScript every `x['name']` is `x.name`.
			return this.memberOf(object, literalKey);
		}
		switch (object.kind) {
			case 'api': {
				const handler = this.rules.apis[`${object.name}[]`];
				if (handler) {
					const site = { args: [[key]], keywords: new Map(), spread: false, text: written };
					return handler({ ...site, api: `${object.name}[]` }, this) ?? [];
				}
				return typeof literalKey === 'string'
					? this.memberOf(object, literalKey)
					: [
							{
								kind: 'dynamic',
								why: `${clip(written)} picks a member by a name computed at run time`,
							},
						];
			}
			case 'instance':
				return typeof literalKey === 'string'
					? this.memberOf(object, literalKey)
					: [opaque('an item of an object')];
			case 'list': {
				if (typeof literalKey !== 'number') {
					return object.items.length > 0 || object.open
						? union(...object.items, object.open ? [opaque('a list item')] : [])
						: [opaque('a list item')];
				}
				const item = object.items[literalKey < 0 ? object.items.length + literalKey : literalKey];
				return item ?? [opaque('a list item')];
			}
			case 'map':
				return (
					(literalKey === undefined ? undefined : object.entries.get(String(literalKey))) ?? [
						opaque('a map entry'),
					]
				);
			case 'dynamic':
				return [object];
			default:
				return [opaque('an item of a value')];
		}
	}
}

/** The identity selection: a binding to the whole value. */
function same(values: Candidates): Candidates {
	return values;
}

/** Shortens written code for an action's `call`. */
export function clip(written: string): string {
	const line = written.replace(/\s+/g, ' ').trim();
	return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

function actionKey(action: CodeAction): string {
	switch (action.kind) {
		case 'shell':
			return `s${action.call}${valueKey(action.text)}`;
		case 'spawn':
			return `p${action.call}${action.argv.map(valueKey).join('\0')}`;
		case 'file':
			return `f${action.call}${action.op}${action.targets.map(valueKey).join('\0')}|${(action.sources ?? []).map(valueKey).join('\0')}`;
		case 'send':
			return `n${action.call}${valueKey(action.target)}`;
		case 'statement':
			return `q${action.call}${valueKey(action.text)}`;
		case 'code':
			return `c${action.call}${action.language}${action.text}`;
		case 'unknown':
			return `u${action.call}${action.why}`;
	}
}
