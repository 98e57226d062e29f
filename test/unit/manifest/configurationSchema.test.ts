import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { PACK_IDS } from '../../../src/core/judging/pack';
import { EXCEPTION_RULE_ID, exceptionSchema } from '../../../src/core/settings/exceptionSchema';
import { providerEntrySchema } from '../../../src/core/settings/providerSettings';
import {
	ABSOLUTE_PATH,
	POLICY_SETTINGS,
	ruleSchema,
	SETTINGS_SECTION,
} from '../../../src/core/settings/settingsSchema';
import * as z from '../../../src/core/util/zod';
import { UI_SETTING_KEYS, UI_SETTING_SPECS, UI_SETTINGS } from '../../../src/ui/uiSettings';

interface JsonSchema {
	anyOf?: JsonSchema[];
	type?: string | string[];
	default?: unknown;
	enum?: unknown[];
	enumDescriptions?: string[];
	markdownDescription?: string;
	properties?: Record<string, JsonSchema>;
	items?: JsonSchema;
	pattern?: string;
	required?: string[];
	additionalProperties?: boolean;
	scope?: string;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
	contributes: { configuration: { title: string; properties: Record<string, JsonSchema> }[] };
};
const declared: Record<string, JsonSchema> = Object.assign(
	{},
	...manifest.contributes.configuration.map((group) => group.properties),
) as Record<string, JsonSchema>;
const zodSettings = Object.entries(POLICY_SETTINGS).map(
	([key, spec]) => [`${SETTINGS_SECTION}.${key}`, spec] as const,
);

/** The JSON-schema facts a zod schema implies: its enum values and a JSON type. */
function zodFacts(schema: z.core.$ZodType): { enum?: unknown[]; types: string[] } {
	const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as {
		type?: string;
		enum?: unknown[];
		anyOf?: { type?: string }[];
	};
	const types = json.type ? [json.type] : (json.anyOf ?? []).map((s) => s.type ?? 'any');
	return { enum: json.enum, types };
}

describe('package.json contributes.configuration matches the zod settings schema', () => {
	it('declares exactly the settings the code reads', () => {
		expect(Object.keys(declared).sort()).toEqual(
			[...zodSettings.map(([key]) => key), ...UI_SETTING_KEYS].sort(),
		);
	});

	it.each(Object.entries(UI_SETTINGS))(
		'%s (UI only): documented, scoped, same default, type and enum as its zod schema',
		(name, key) => {
			const property = declared[`${SETTINGS_SECTION}.${key}`];
			const spec = UI_SETTING_SPECS[name as keyof typeof UI_SETTINGS];
			expect(property?.markdownDescription).toMatch(/\.$/);
			expect(property?.scope).toBeDefined();
			expect(property?.default).toEqual(spec.default);
			expect(spec.schema.safeParse(property?.default).success).toBe(true);
			const facts = zodFacts(spec.schema);
			expect(property?.enum).toEqual(facts.enum);
			if (property?.enum) {
				expect(property.enumDescriptions).toHaveLength(property.enum.length);
			}
			expect([property?.type].flat().sort()).toEqual([...facts.types].sort());
		},
	);

	it.each(zodSettings)(
		'%s: same default, type and enum; default is valid; fully documented',
		(key, spec) => {
			const property = declared[key];
			expect(property, `${key} is missing from package.json`).toBeDefined();
			if (!property) {
				return;
			}
			expect(property.markdownDescription, `${key} needs a markdownDescription`).toMatch(
				/\.\s*$|\.$/,
			);
			expect(property.scope).toBeDefined();
			const expectedDefault =
				key === `${SETTINGS_SECTION}.packs`
					? Object.fromEntries(PACK_IDS.map((id) => [id, true]))
					: spec.default;
			expect(property.default).toEqual(expectedDefault);
			expect(spec.schema.safeParse(property.default).success).toBe(true);
			const facts = zodFacts(spec.schema);
			expect(property.enum).toEqual(facts.enum);
			if (property.enum) {
				expect(property.enumDescriptions).toHaveLength(property.enum.length);
			}
			const declaredTypes = ([] as string[])
				.concat(property.type ?? [])
				.map((t) => (t === 'integer' ? 'number' : t));
			expect(declaredTypes.sort()).toEqual(
				facts.types.map((t) => (t === 'integer' ? 'number' : t)).sort(),
			);
		},
	);

	it('describes every rule key with the zod rule schema', () => {
		const items = declared[`${SETTINGS_SECTION}.rules`]?.items;
		expect(items?.additionalProperties).toBe(false);
		expect(Object.keys(items?.properties ?? {}).sort()).toEqual(
			Object.keys(ruleSchema().shape).sort(),
		);
		expect(items?.required).toEqual(['verdict']);
		for (const [name, field] of Object.entries(ruleSchema().shape)) {
			const facts = zodFacts(field instanceof z.ZodMiniOptional ? field.def.innerType : field);
			const property = items?.properties?.[name];
			expect(property?.markdownDescription, `rule.${name}`).toBeTruthy();
			expect(property?.enum, `rule.${name} enum`).toEqual(facts.enum);
			if (property?.enum) {
				expect(property.enumDescriptions).toHaveLength(property.enum.length);
			}
		}
	});

	it('describes every pack', () => {
		const packs = declared[`${SETTINGS_SECTION}.packs`];
		expect(Object.keys(packs?.properties ?? {}).sort()).toEqual([...PACK_IDS].sort());
		expect(packs?.additionalProperties).toBe(false);
	});

	it('describes both kinds of provider exactly as the zod provider schema', () => {
		const variants = declared[`${SETTINGS_SECTION}.providers`]?.items?.anyOf ?? [];
		const zodVariants = providerEntrySchema().def.options;
		expect(variants).toHaveLength(zodVariants.length);
		zodVariants.forEach((variant, index) => {
			const declaredVariant = variants[index];
			const shape = variant.shape as Record<string, z.core.$ZodType>;
			expect(declaredVariant?.additionalProperties).toBe(false);
			expect(Object.keys(declaredVariant?.properties ?? {}).sort()).toEqual(
				Object.keys(shape).sort(),
			);
			const required = Object.entries(shape)
				.filter(([, field]) => !(field instanceof z.ZodMiniOptional))
				.map(([name]) => name);
			expect([...(declaredVariant?.required ?? [])].sort()).toEqual(required.sort());
			for (const [name, field] of Object.entries(shape)) {
				const inner = field instanceof z.ZodMiniOptional ? field.def.innerType : field;
				const property = declaredVariant?.properties?.[name];
				expect(property?.markdownDescription, `providers.${name}`).toMatch(/\.$/);
				const facts = zodFacts(inner);
				const values =
					facts.enum ?? (inner instanceof z.ZodMiniLiteral ? [...inner.def.values] : undefined);
				expect(property?.enum ?? property?.items?.enum, `providers.${name} enum`).toEqual(
					values ??
						(inner instanceof z.ZodMiniArray ? zodFacts(inner.def.element).enum : undefined),
				);
				if (property?.enum) {
					expect(property.enumDescriptions).toHaveLength(property.enum.length);
				}
			}
		});
	});

	it('describes every exception key with the zod exception schema, and needs a command or a path as it does', () => {
		const items = declared[`${SETTINGS_SECTION}.exceptions`]?.items;
		const shape = exceptionSchema().def.shape;
		expect(items?.additionalProperties).toBe(false);
		expect(Object.keys(items?.properties ?? {}).sort()).toEqual(Object.keys(shape).sort());
		const required = Object.entries(shape)
			.filter(([, field]) => !(field instanceof z.ZodMiniOptional))
			.map(([name]) => name);
		expect(items?.required).toEqual(required);
		for (const name of Object.keys(shape)) {
			expect(items?.properties?.[name]?.markdownDescription, `exceptions.${name}`).toMatch(/\.$/);
		}
		expect(items?.anyOf).toEqual([{ required: ['command'] }, { required: ['path'] }]);
		expect(exceptionSchema().safeParse({ rule: 'x' }).success).toBe(false);
		expect(items?.properties?.rule?.pattern).toBe(EXCEPTION_RULE_ID.source);
	});

	it('keeps trustedFolders out of workspace settings and checks paths as the code does', () => {
		const trusted = declared[`${SETTINGS_SECTION}.trustedFolders`];
		expect(['application', 'machine']).toContain(trusted?.scope);
		const pattern = new RegExp(trusted?.items?.pattern ?? '');
		for (const path of [
			'/home/me',
			'\\\\server\\share',
			'C:\\src',
			'c:/src',
			'src',
			'~/src',
			'\\x',
		]) {
			expect(pattern.test(path), path).toBe(ABSOLUTE_PATH.test(path));
		}
	});
});
