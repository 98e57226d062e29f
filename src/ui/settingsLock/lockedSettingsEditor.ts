import * as vscode from 'vscode';

import { describeLock, lockedSettings } from '../../core/settings/lockedSettings';
import type { PolicyConfig } from '../../host/policyConfig';
import { primaryFolder } from '../policies/policiesInput';
import { settingKeyAt, spanOfProblemKey } from './settingsKeys';

const SETTINGS_FILES: vscode.DocumentSelector = [
	{ pattern: '**/settings.json' },
	{ pattern: '**/*.code-workspace' },
];
// Every problem readPolicySettings reports for a value the machine policy kept out says so in these words.
const LOCK_WORDING = 'by the machine policy';

/**
 * Shows in the settings editor what the administrator's machine policy locks: a hover on each locked
 * `hookwarden.*` key (the locked value and what the scopes below may still do), and a warning on each value of this
 * file that the lock keeps from applying.
 */
export function registerLockedSettingsEditor(config: PolicyConfig): vscode.Disposable {
	const diagnostics = vscode.languages.createDiagnosticCollection('hookwarden-machine-policy');
	const refresh = (document: vscode.TextDocument) => {
		if (vscode.languages.match(SETTINGS_FILES, document) > 0) {
			diagnostics.set(document.uri, lockDiagnostics(config, document));
		}
	};
	const refreshAll = () => vscode.workspace.textDocuments.forEach(refresh);
	refreshAll();
	return vscode.Disposable.from(
		diagnostics,
		vscode.languages.registerHoverProvider(SETTINGS_FILES, {
			provideHover: (document, position) => lockHover(config, document, position),
		}),
		vscode.workspace.onDidOpenTextDocument(refresh),
		vscode.workspace.onDidCloseTextDocument((document) => diagnostics.delete(document.uri)),
		config.onDidChange(refreshAll),
	);
}

function isWorkspaceFile(document: vscode.TextDocument): boolean {
	return document.uri.path.endsWith('.code-workspace');
}

function lockHover(
	config: PolicyConfig,
	document: vscode.TextDocument,
	position: vscode.Position,
): vscode.Hover | undefined {
	const reading = config.machinePolicy();
	if (reading?.kind !== 'read') {
		return undefined;
	}
	const key = settingKeyAt(
		document.getText(),
		document.offsetAt(position),
		isWorkspaceFile(document),
	);
	const locked = lockedSettings(reading.layer).find((setting) => setting.key === key);
	if (!locked) {
		return undefined;
	}
	const markdown = new vscode.MarkdownString(
		`$(lock) **Locked by the machine policy** (\`${reading.file}\`)\n\n`,
		true,
	);
	markdown.appendCodeblock(JSON.stringify(locked.value, null, 2), 'json');
	markdown.appendMarkdown(`\n${describeLock(locked.key)}`);
	return new vscode.Hover(markdown);
}

function lockDiagnostics(config: PolicyConfig, document: vscode.TextDocument): vscode.Diagnostic[] {
	const file = document.uri.fsPath;
	const text = document.getText();
	return config
		.problems(primaryFolder())
		.filter(
			(problem) =>
				problem.message.includes(LOCK_WORDING) &&
				'file' in problem.source &&
				problem.source.file === file,
		)
		.flatMap((problem) => {
			const span = spanOfProblemKey(text, problem.key, isWorkspaceFile(document));
			if (!span) {
				return [];
			}
			const range = new vscode.Range(
				document.positionAt(span.offset),
				document.positionAt(span.offset + span.length),
			);
			const diagnostic = new vscode.Diagnostic(
				range,
				`hookwarden.${problem.key} ${problem.message}`,
				vscode.DiagnosticSeverity.Warning,
			);
			diagnostic.source = 'Hookwarden';
			return [diagnostic];
		});
}
