import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { MCP_TRANSPORTS, mcpServerEntrySchema } from '../../../src/core/settings/mcpSettings';

interface JsonSchema {
	anyOf?: JsonSchema[];
	type?: string | string[];
	enum?: unknown[];
	enumDescriptions?: string[];
	markdownDescription?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	additionalProperties?: boolean;
	minLength?: number;
	items?: JsonSchema;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
	contributes: { configuration: { properties: Record<string, JsonSchema> }[] };
};
const declared = Object.assign(
	{},
	...manifest.contributes.configuration.map((group) => group.properties),
) as Record<string, JsonSchema>;
const entry = declared['hookwarden.mcp.allowedServers']?.items;

describe('hookwarden.mcp.allowedServers entries: package.json and the zod entry schema agree', () => {
	it('declares a name and an object with exactly the zod keys, name required, no others', () => {
		const [name, object] = entry?.anyOf ?? [];
		expect(name).toMatchObject({ type: 'string', minLength: 1 });
		expect(object?.additionalProperties).toBe(false);
		expect(object?.required).toEqual(['name']);
		expect(Object.keys(object?.properties ?? {}).sort()).toEqual(['name', 'transport', 'url']);
		expect(object?.properties?.transport?.enum).toEqual([...MCP_TRANSPORTS]);
		expect(object?.properties?.transport?.enumDescriptions).toHaveLength(MCP_TRANSPORTS.length);
		for (const property of Object.values(object?.properties ?? {})) {
			expect(property.markdownDescription).toMatch(/\.$/);
		}
	});

	// The same candidates through both: what the editor accepts, the code accepts, and the other way round.
	it.each([
		['github', true],
		['', false],
		[{ name: 'github' }, true],
		[{ name: 'github', transport: 'http', url: 'https://api.example.com/mcp' }, true],
		[{ name: 'github', transport: 'local' }, false],
		[{ name: 'github', urls: 'x' }, false],
		[{ transport: 'stdio' }, false],
		[{ name: '' }, false],
		[3, false],
	])('%j is valid: %s', (candidate, valid) => {
		expect(mcpServerEntrySchema().safeParse(candidate).success).toBe(valid);
		expect(acceptedByManifest(candidate)).toBe(valid);
	});
});

// A small reading of the declared JSON schema: enough for the shapes this setting uses.
function acceptedByManifest(candidate: unknown): boolean {
	return (entry?.anyOf ?? []).some((variant) => {
		if (variant.type === 'string') {
			return typeof candidate === 'string' && candidate.length >= (variant.minLength ?? 0);
		}
		if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
			return false;
		}
		const record = candidate as Record<string, unknown>;
		const properties = variant.properties ?? {};
		return (
			(variant.required ?? []).every((key) => key in record) &&
			Object.entries(record).every(([key, value]) => {
				const property = properties[key];
				return (
					property !== undefined &&
					typeof value === 'string' &&
					value.length >= (property.minLength ?? 0) &&
					(property.enum === undefined || property.enum.includes(value))
				);
			})
		);
	});
}
