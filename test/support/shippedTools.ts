/**
 * The tool schemas the harnesses really ship, read from the installed packages rather than typed from memory:
 * - the pinned VS Code build (`npm run vscode:install`: code-server's `lib/vscode`): each built-in extension's
 *   `contributes.languageModelTools`, Copilot Chat's among them, under the names the model and the hooks see (Copilot
 *   Chat maps its contributed `copilot_createFile` to `create_file` in its bundle), and the names of VS Code's own core
 *   tools that Copilot Chat offers (their schemas are built in the workbench's code, so only the names are readable);
 * - the Copilot CLI (the dev dependency `@github/copilot` and its platform binary): its runtime's own `tools.list`,
 *   asked through the Copilot SDK for every model of its built-in catalogue, since a model may get other tools.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';

const ROOT = join(__dirname, '..', '..');

/** A JSON schema as shipped; only the parts the shape check walks are typed. */
export interface Schema {
	readonly type?: string | readonly string[];
	readonly properties?: Readonly<Record<string, Schema>>;
	readonly items?: Schema;
	readonly anyOf?: readonly Schema[];
	readonly oneOf?: readonly Schema[];
	readonly enum?: readonly unknown[];
	readonly description?: string;
}

/** One tool as a harness offers it to the model: the name a hook sees, and its input schema (`null`: free-form). */
export interface ShippedTool {
	readonly harness: 'vscode' | 'copilot-cli';
	readonly source: string;
	readonly name: string;
	readonly schema: Schema | null;
	/** A core tool whose schema is built in code: only its name is shipped where a test can read it. */
	readonly nameOnly?: boolean;
}

/** Where the pinned VS Code build lives: `$HOOKWARDEN_VSCODE_SERVER_DIR` or the project's `.vscode-server`. */
export function vscodeBuildFolder(): string {
	const chosen = process.env.HOOKWARDEN_VSCODE_SERVER_DIR;
	const server = chosen !== undefined && chosen !== '' ? chosen : join(ROOT, '.vscode-server');
	return join(server, 'node_modules', 'code-server', 'lib', 'vscode');
}

interface ToolContribution {
	readonly name: string;
	readonly inputSchema?: Schema;
}

function contributedTools(packageJson: string): readonly ToolContribution[] {
	const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as {
		contributes?: { languageModelTools?: ToolContribution[] };
	};
	return manifest.contributes?.languageModelTools ?? [];
}

/**
 * One string enum of Copilot Chat's bundle, `(X=>(X.Member="value",…,X))(…)`, found by one value it holds: member →
 * value. The bundle is minified, so the enum's variable is read from the text before that value.
 */
function bundleEnum(bundle: string, knownValue: string): ReadonlyMap<string, string> {
	const at = bundle.indexOf(`="${knownValue}"`);
	if (at < 0) {
		throw new Error(`Copilot Chat's bundle no longer holds the tool name ${knownValue}`);
	}
	const variable = /([\w$]+)\.\w+$/.exec(bundle.slice(Math.max(0, at - 80), at))?.[1];
	const start = bundle.lastIndexOf(`(${variable}=>(`, at);
	const end = bundle.indexOf(`,${variable}))`, at);
	if (variable === undefined || start < 0 || end < 0) {
		throw new Error(`the enum holding ${knownValue} is not where Copilot Chat's bundle had it`);
	}
	const escaped = variable.replace(/\$/g, '\\$');
	const members = new RegExp(`${escaped}\\.(\\w+)="([^"]+)"`, 'g');
	return new Map(
		[...bundle.slice(start, end).matchAll(members)].map((m) => [m[1] ?? '', m[2] ?? '']),
	);
}

/** Every tool of the VS Code build's built-in extensions and core, under the names the hooks see. */
export function vscodeTools(build: string): ShippedTool[] {
	const extensions = join(build, 'extensions');
	const copilot = join(extensions, 'copilot');
	const bundle = readFileSync(join(copilot, 'dist', 'extension.js'), 'utf8');
	// Copilot Chat's two enums: the names the model calls (and hooks see), and the names it contributes.
	const modelNames = bundleEnum(bundle, 'multi_replace_string_in_file');
	const contributedNames = bundleEnum(bundle, 'copilot_multiReplaceString');
	const modelNameOf = new Map(
		[...contributedNames].map(([member, contributed]) => [
			contributed,
			modelNames.get(member) ?? contributed,
		]),
	);
	const tools: ShippedTool[] = [];
	for (const folder of readdirSync(extensions)) {
		const manifest = join(extensions, folder, 'package.json');
		if (!existsSync(manifest)) {
			continue;
		}
		for (const tool of contributedTools(manifest)) {
			tools.push({
				harness: 'vscode',
				source: `${folder}/package.json`,
				name: modelNameOf.get(tool.name) ?? tool.name,
				// A contribution without a schema takes no input; only the CLI's free-form tools have none at all.
				schema: tool.inputSchema ?? { type: 'object', properties: {} },
			});
		}
	}
	// A model name Copilot Chat knows that no extension contributes is a tool VS Code's core registers.
	const contributed = new Set(tools.map((tool) => tool.name));
	for (const [member, name] of modelNames) {
		if (!contributed.has(name) && !contributedNames.has(member)) {
			tools.push({
				harness: 'vscode',
				source: 'core (named in copilot/dist/extension.js)',
				name,
				schema: null,
				nameOnly: true,
			});
		}
	}
	return tools;
}

/** Whether VS Code's workbench bundle registers a core tool of this id. */
export function workbenchRegisters(build: string, id: string): boolean {
	const workbench = readFileSync(
		join(build, 'out', 'vs', 'code', 'browser', 'workbench', 'workbench.js'),
		'utf8',
	);
	return workbench.includes(`id:"${id}"`) || workbench.includes(`ID="${id}"`);
}

/** The Copilot CLI binary of this platform that `npm ci` installed, if any. */
export function copilotCliBinary(): string | undefined {
	const binary = join(
		ROOT,
		'node_modules',
		'@github',
		`copilot-${process.platform}-${process.arch}`,
		process.platform === 'win32' ? 'copilot.exe' : 'copilot',
	);
	return existsSync(binary) ? binary : undefined;
}

interface ListedTool {
	readonly name: string;
	readonly parameters?: Schema | null;
}

/**
 * Every built-in tool the Copilot CLI offers some model of its catalogue, asked from the binary itself (`tools.list`
 * over the SDK's JSON-RPC, offline, in a throwaway HOME); one entry per distinct schema of a name.
 */
export async function copilotCliTools(binary: string): Promise<ShippedTool[]> {
	const { CopilotClient, RuntimeConnection } = await import('@github/copilot-sdk');
	const home = mkdtempSync(join(tmpdir(), 'hookwarden-cli-tools-'));
	const env = {
		PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
		HOME: home,
		COPILOT_HOME: join(home, '.copilot'),
		TMPDIR: tmpdir(),
	};
	const client = new CopilotClient({
		useLoggedInUser: false,
		logLevel: 'error',
		connection: RuntimeConnection.forStdio({ path: binary, env }),
	});
	try {
		await client.start();
		const catalogue = (await client.rpc.models.getBuiltInCatalog()) as {
			models: readonly { id: string }[];
		};
		const seen = new Map<string, ShippedTool>();
		for (const model of [undefined, ...catalogue.models.map((m) => m.id)]) {
			const listed = (await client.rpc.tools.list(model === undefined ? {} : { model })) as {
				tools: readonly ListedTool[];
			};
			for (const tool of listed.tools) {
				const schema = tool.parameters ?? null;
				const key = `${tool.name} ${JSON.stringify(schema)}`;
				if (!seen.has(key)) {
					seen.set(key, {
						harness: 'copilot-cli',
						source: `copilot tools.list${model === undefined ? '' : ` (model ${model})`}`,
						name: tool.name,
						schema,
					});
				}
			}
		}
		return [...seen.values()];
	} finally {
		await client.stop().catch(() => undefined);
		rmSync(home, { recursive: true, force: true });
	}
}
