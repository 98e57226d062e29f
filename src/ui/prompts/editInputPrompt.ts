import * as vscode from 'vscode';

import type { EditableField } from '../../core/approvals/editableInput';

/**
 * *Allow with Changes…*: an input box prefilled with the call's command line or path. Resolves to the edited text, or
 * `undefined` when the person cancels (the approval then stays open). The edited call is what runs, and Hookwarden's
 * rules still judge it.
 */
export async function askForEditedValue(field: EditableField): Promise<string | undefined> {
	const noun = field.what === 'command' ? 'command' : 'path';
	const edited = await vscode.window.showInputBox({
		title: 'Allow with Changes',
		prompt: `Edit the ${noun}; the edited ${noun} is what runs. Hookwarden's rules still apply to it.`,
		value: field.value,
		ignoreFocusOut: true,
		validateInput: (text) => (text.trim() === '' ? `The ${noun} cannot be empty.` : undefined),
	});
	return edited === undefined ? undefined : edited.trim();
}
