import { describe, expect, it } from 'vitest';

import { editableFieldOf, withEditedField } from '../../../../src/core/approvals/editableInput';
import {
	applyPatch,
	fileWrite,
	preToolUse,
	shellTool,
	tool,
	userPrompt,
} from '../../../support/hookEventBuilder';

describe('what Allow with Changes… lets a person edit', () => {
	it('a shell call’s command line, and the whole input comes back with only that changed', () => {
		const event = preToolUse({ tool: shellTool('npm publish') });
		const field = editableFieldOf(event);
		expect(field).toEqual({ key: 'command', value: 'npm publish', what: 'command' });
		expect(field && withEditedField(event, field, 'npm publish --dry-run')).toEqual({
			...event.tool.input,
			command: 'npm publish --dry-run',
		});
	});

	it('a file tool’s path, in the key the harness uses', () => {
		expect(editableFieldOf(preToolUse({ tool: fileWrite('/ws/a.txt') }))).toEqual({
			key: 'filePath',
			value: '/ws/a.txt',
			what: 'path',
		});
		expect(
			editableFieldOf(preToolUse({ tool: tool('Write', { file_path: '/ws/b', content: '' }) })),
		).toMatchObject({ key: 'file_path', value: '/ws/b' });
	});

	it('nothing where there is no one command or path: a patch, an argv command, a prompt', () => {
		expect(editableFieldOf(preToolUse({ tool: applyPatch('*** Begin Patch') }))).toBeUndefined();
		expect(
			editableFieldOf(preToolUse({ tool: tool('bash', { command: ['rm', '-rf', 'x'] }) })),
		).toBeUndefined();
		expect(editableFieldOf(userPrompt('hello'))).toBeUndefined();
	});
});
