import { HOOK_EVENT_NAMES } from './hookEventName';

/** Why a hook's stdin could not become a {@link HookEvent}: each kind names what a person must fix. */
export type HookInputError =
	| { readonly kind: 'notAnObject' }
	| { readonly kind: 'missingEvent' }
	| { readonly kind: 'unknownEvent'; readonly name: string }
	| {
			readonly kind: 'invalidField';
			/** The field as the payload spells it, dotted for nested ones (`toolArgs`, `tool_result.result_type`). */
			readonly field: string;
			/** Reads as the rest of a sentence after the field: `must be a string, got number`. */
			readonly message: string;
	  };

/** One line a person can act on, for logs, the audit trail and the hook's stderr. */
export function describeHookInputError(error: HookInputError): string {
	switch (error.kind) {
		case 'notAnObject':
			return 'Hook input is not a JSON object: the hook runner must write one object such as {"hook_event_name":"PreToolUse",...} on stdin.';
		case 'missingEvent':
			return 'Hook input names no event: the payload has no hook_event_name and the hook command passed no event argument.';
		case 'unknownEvent':
			return `Hook input names an unknown event "${error.name}"; expected one of ${HOOK_EVENT_NAMES.join(', ')}.`;
		case 'invalidField':
			return `Hook input field "${error.field}" ${error.message}.`;
	}
}
