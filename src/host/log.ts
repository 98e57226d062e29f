import * as vscode from 'vscode';

/** Hookwarden's one output channel; created first in `activate` so every service can report to it. */
export function createLog(): vscode.LogOutputChannel {
	return vscode.window.createOutputChannel('Hookwarden', { log: true });
}
