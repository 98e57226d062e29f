/*
 * Editor settings an agent changes through a tool (`update_setting {key: 'hookwarden.packs', value: …}`): the setting
 * is named by its key, not by the settings file, so the key says what the change does. Hookwarden's own settings
 * and where hooks are found switch Hookwarden off; approvals, trust, terminals and program paths decide what runs
 * without a person seeing it; every other setting is the person's editor, and quiet.
 */
import type { EffectSubject } from '../../terms/effect';

/** Argument keys that name a setting. */
const KEY_ARGUMENTS = [
	'key',
	'setting',
	'settingId',
	'setting_id',
	'section',
	'configKey',
	'name',
	'id',
];

/** A setting key: dotted words (`hookwarden.packs`, `chat.tools.autoApprove`). */
const SETTING_KEY = /^[A-Za-z][\w-]*(?:\.[\w-]+)+$/;

/** A tool whose name says it changes something, or that carries the new value. */
const CHANGES =
	/(?:^|[_\W])(?:update|set|write|change|configure|toggle|put|edit|modify|reset)(?:$|[_\W]|[A-Z])/i;

/** What a setting key governs, most dangerous first. */
const KEY_CLASSES: readonly (readonly [RegExp, EffectSubject, string])[] = [
	[
		/^hookwarden\.|hook/i,
		'hookSettings',
		"changes Hookwarden's own settings or where hooks are found",
	],
	[
		/autoApprove|auto_approve|approv|confirm|trust|yolo|^chat\.tools\.|^security\./i,
		'runtimeCode',
		'changes what runs without a person approving it',
	],
	[
		/^terminal\.integrated\.(?:profiles|env|shellArgs|automationProfile|defaultProfile)|(?:\.|^)(?:path|executable|command|args)$|Path$/i,
		'runtimeCode',
		'changes which program the editor runs',
	],
];

/** A setting a tool call changes: its key, what it governs, and the phrase for the reason. */
export interface SettingChange {
	readonly key: string;
	readonly subject: EffectSubject;
	readonly action: string;
}

/** The setting a tool call changes, when it names one whose change a policy cares about; `undefined` otherwise. */
export function settingChangeOf(
	name: string,
	input: Readonly<Record<string, unknown>>,
): SettingChange | undefined {
	if (!CHANGES.test(name) && !('value' in input)) {
		return undefined;
	}
	const key = KEY_ARGUMENTS.map((argument) => input[argument]).find(
		(value): value is string => typeof value === 'string' && SETTING_KEY.test(value.trim()),
	);
	if (key === undefined) {
		return undefined;
	}
	const found = KEY_CLASSES.find(([pattern]) => pattern.test(key));
	return found && { key, subject: found[1], action: `${found[2]} (\`${key}\`)` };
}
