import { describe, expect, it } from 'vitest';
import { canonicalDefinition } from '../../src/model/canonical.js';
import type { SourceDefinition } from '../../src/model/types.js';
import type { CliRun } from '../helpers/run-cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

/**
 * Names are data: every member name of Object.prototype, used as a content type, property,
 * property type, field, content type reference or language, behaves like any other name.
 * `__`-prefixed ones are GraphQL-reserved and refused with GF_RESERVED_NAME.
 */
const NAMES = Object.getOwnPropertyNames(Object.prototype).sort();
const VALID = NAMES.filter((name) => !name.startsWith('__'));
const RESERVED = NAMES.filter((name) => name.startsWith('__'));

/** Source `ct`: content type N (property N) between Item and Sub; data of N and Sub. */
function contentTypeYaml(name: string, itemProperties = '      Name: { type: String, searchable: true }'): string {
  return [
    'id: ct',
    'label: Content types',
    'languages: [en, sv]',
    'contentTypes:',
    '  Item:',
    '    abstract: true',
    '    contentType: []',
    '    properties:',
    itemProperties,
    `  ${name}:`,
    '    contentType: [Item]',
    '    properties:',
    `      ${name}: { type: String }`,
    '  Sub:',
    `    contentType: [Item, ${name}]`,
    '    properties:',
    '      Extra: { type: Int }',
    'data:',
    '  - ct.ndjson',
    '',
  ].join('\n');
}

/** Source `pt`: property type N (property N), used as a value and as a list. */
function propertyTypeYaml(name: string): string {
  return [
    'id: pt',
    'label: Property types',
    'languages: [en]',
    'propertyTypes:',
    `  ${name}:`,
    '    properties:',
    `      ${name}: { type: Float }`,
    'contentTypes:',
    '  Thing:',
    '    contentType: []',
    '    properties:',
    `      Size: { type: ${name} }`,
    `      Sizes: { type: "[${name}]" }`,
    'data:',
    '  - pt.ndjson',
    '',
  ].join('\n');
}

function ndjson(items: readonly { id: string; language: string; data: Record<string, unknown> }[]): string {
  return items.map((item) => `${JSON.stringify({ index: { _id: item.id, language_routing: item.language } })}\n${JSON.stringify(item.data)}\n`).join('');
}

const common = { Status: 'Published', _rbac: 'r:Everyone:Read' };

function declaredData(name: string): Record<string, string> {
  return {
    'content-sources/ct.ndjson': ndjson([
      { id: '1', language: 'en', data: { ...common, Name: 'one', ContentType: ['Item', name], [name]: 'text' } },
      { id: '2', language: 'sv', data: { ...common, Name: 'two', ContentType: ['Item', name, 'Sub'], [name]: 'text', Extra: 2 } },
    ]),
    'content-sources/pt.ndjson': ndjson([
      { id: '1', language: 'en', data: { ...common, ContentType: ['Thing'], Size: { [name]: 1.5 }, Sizes: [{ [name]: 2 }] } },
    ]),
  };
}

const product = { ...common, Name: 'p', ContentType: ['Item', 'Product'] };

/** JSON.stringify keeps `__proto__` as a key only when it is an own property: built with fromEntries. */
function withField(base: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  return Object.fromEntries([...Object.entries(base), [key, value]]);
}

/** Items of the plain shop source that use the name where it is not declared. */
function undeclaredUses(name: string): string {
  return ndjson([
    { id: '1', language: 'en', data: { ...product, ContentType: [name] } },
    { id: '2', language: 'en', data: withField(product, name, 1) },
    { id: '3', language: 'en', data: { ...product, Size: Object.fromEntries([[name, 1]]) } },
    { id: '4', language: 'en', data: { ...product, Language: { Name: name } } },
    { id: '5', language: name, data: { ...product, Language: { Name: name } } },
    { id: '6', language: 'en', data: { ...product, ContentType: ['Item', name] } },
  ]);
}

const UNDECLARED_USE_CODES = [
  'ndjson:2 GF_DATA_UNKNOWN_CONTENT_TYPE',
  'ndjson:4 GF_DATA_UNDECLARED_FIELD',
  'ndjson:6 GF_DATA_UNDECLARED_FIELD',
  'ndjson:8 GF_DATA_LANGUAGE_MISMATCH',
  'ndjson:10 GF_DATA_UNKNOWN_LANGUAGE',
  'ndjson:12 GF_DATA_UNKNOWN_CONTENT_TYPE',
];

function noInternalError(run: CliRun): void {
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/Internal error|is not iterable|is not a function|Cannot read/);
}

function dataCodes(run: CliRun): string[] {
  noInternalError(run);
  const body = JSON.parse(run.stdout) as {
    diagnostics?: { file: string; line: number; code: string }[];
    validation?: { diagnostics: { file: string; line: number; code: string }[] };
  };
  const diagnostics = body.diagnostics ?? body.validation?.diagnostics ?? [];
  return diagnostics.map((d) => `${d.file.split('.').pop() ?? ''}:${d.line} ${d.code}`);
}

function definitionOf(definition: unknown): SourceDefinition {
  return canonicalDefinition(definition as SourceDefinition);
}

describe('Object.prototype member names are plain names', () => {
  it.each(VALID)('%s as a content type, property and property type name validates, plans, applies and round-trips', async (name) => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, {
      'content-sources/ct.yaml': contentTypeYaml(name),
      'content-sources/pt.yaml': propertyTypeYaml(name),
      ...declaredData(name),
    });
    const runs: CliRun[] = [];
    const cli = async (...argv: string[]): Promise<CliRun> => {
      const run = await project.cli(...argv);
      runs.push(run);
      return run;
    };

    const validate = await cli('validate');
    expect(validate.code, validate.stdout).toBe(0);
    expect(validate.stdout).toContain('2 content sources valid (ct, pt)');
    for (const id of ['ct', 'pt']) {
      const checked = await cli('--format', 'json', 'data', 'validate', id);
      expect(checked.code, checked.stdout).toBe(0);
      expect(dataCodes(checked)).toEqual([]);
    }
    expect((await cli('plan', '--detailed-exitcode')).code).toBe(2);
    expect((await cli('plan', '--format', 'markdown')).code).toBe(0);

    // Source ct's content type and source pt's property type share the name: the GraphQL
    // schema of the account does not work then (a name clash), so nothing can be confirmed
    // through GraphQL. This test is about the admin API's round trip: no waiting for it.
    const applied = await cli('apply', '--yes', '--no-wait');
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Apply complete! 2 applied');
    expect(emulator.inspect.counts('ct')?.total).toBe(2);
    expect(emulator.inspect.counts('pt')?.total).toBe(1);
    const state = await project.state();
    for (const id of ['ct', 'pt']) expect(definitionOf(emulator.inspect.definition(id))).toEqual(definitionOf(state.sources[id]?.definition));
    const ct = definitionOf(state.sources.ct?.definition);
    expect(Object.keys(ct.contentTypes).sort()).toEqual(['Item', 'Sub', name].sort());
    expect(Object.getOwnPropertyDescriptor(ct.contentTypes, name)?.value).toEqual({ contentType: ['Item'], properties: { [name]: { type: 'String' } } });
    expect(Object.getOwnPropertyDescriptor(definitionOf(state.sources.pt?.definition).propertyTypes, name)?.value).toEqual({
      properties: { [name]: { name, type: 'Float' } },
    });

    const again = await cli('plan', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain('No changes.');

    // Item gains a property named like the prototype member: an addition, not a type change.
    await project.write({
      'content-sources/ct.yaml': contentTypeYaml(name, `      Name: { type: String, searchable: true }\n      ${name}: { type: String }`),
    });
    const changed = await cli('--format', 'json', 'plan', '--detailed-exitcode');
    expect(changed.code, changed.stderr).toBe(2);
    const planned = JSON.parse(changed.stdout) as { sources: { id: string; action: string; changes: { kind: string; path: string }[] }[] };
    expect(planned.sources.find((s) => s.id === 'ct')).toMatchObject({
      action: 'partial',
      changes: [{ kind: 'property.added', path: `contentTypes.Item.properties.${name}` }],
    });
    expect((await cli('apply', '--yes', '--no-wait')).code).toBe(0);
    expect((await cli('plan', '--detailed-exitcode')).code).toBe(0);
    expect(Object.hasOwn(definitionOf(emulator.inspect.definition('ct')).contentTypes.Item?.properties ?? {}, name)).toBe(true);

    const pushed = await cli('data', 'push', 'ct', '--no-wait');
    expect(pushed.code, pushed.stdout).toBe(0);
    expect(pushed.stdout).toContain('Sent 2 items');
    for (const run of runs) noInternalError(run);
  });

  it.each(RESERVED)('%s as a content type, property and property type name is refused with GF_RESERVED_NAME', async (name) => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, {
      'content-sources/ct.yaml': contentTypeYaml(name),
      'content-sources/pt.yaml': propertyTypeYaml(name),
      ...declaredData(name),
    });
    const expected = ['ct.yaml:10:3 GF_RESERVED_NAME', 'ct.yaml:13:7 GF_RESERVED_NAME', 'pt.yaml:5:3 GF_RESERVED_NAME', 'pt.yaml:7:7 GF_RESERVED_NAME'];
    const validate = await project.cli('--format', 'json', 'validate');
    expect(validate.code).toBe(1);
    const diagnostics = (JSON.parse(validate.stdout) as { diagnostics: { file: string; line: number; column: number; code: string }[] }).diagnostics;
    expect(diagnostics.map((d) => `${d.file.split('/').pop() ?? ''}:${d.line}:${d.column} ${d.code}`)).toEqual(expected);
    for (const argv of [['plan'], ['apply', '--yes'], ['data', 'validate', 'ct'], ['data', 'push', 'pt']]) {
      const run = await project.cli(...argv);
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.stderr).toContain('GF_RESERVED_NAME');
      noInternalError(run);
    }
    expect(emulator.inspect.definition('ct')).toBeUndefined();
  });

  it.each(NAMES)('%s in items (ContentType, field names, Language.Name, language_routing) gets data diagnostics', async (name) => {
    const emulator = await startTestEmulator();
    const shop = `${shopYaml({ propertyTypes: '  Dimensions:\n    properties:\n      Width: { type: Float }', productProperties: '      Size: { type: Dimensions }' })}data:\n  - items.ndjson\n`;
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shop, 'content-sources/items.ndjson': undeclaredUses(name) });

    const validate = await project.cli('--format', 'json', 'data', 'validate', 'shop');
    expect(validate.code).toBe(1);
    expect(dataCodes(validate)).toEqual(UNDECLARED_USE_CODES);
    const push = await project.cli('--format', 'json', 'data', 'push', 'shop');
    expect(push.code).toBe(1);
    expect(dataCodes(push)).toEqual(UNDECLARED_USE_CODES);
    const text = await project.cli('data', 'validate', 'shop');
    expect(text.stdout).toContain(`Content type "${name}" is not declared in source shop`);
    expect(text.stdout).toContain(`Language "${name}" is not one of source shop's languages`);

    const apply = await project.cli('apply', '--yes');
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('The data files of source shop are not valid');
    expect(emulator.inspect.definition('shop')).toBeUndefined();

    // An undeclared field is only a warning: the item is sent with the field as data.
    await project.write({
      'content-sources/shop.yaml': shop.replace(/data:\n.*\n$/, ''),
      'warned.ndjson': ndjson([{ id: '9', language: 'en', data: withField(product, name, 1) }]),
    });
    const created = await project.cli('apply', '--yes');
    expect(created.code, created.stderr).toBe(0);
    const sent = await project.cli('data', 'push', 'shop', 'warned.ndjson');
    expect(sent.code, sent.stdout).toBe(0);
    expect(sent.stdout).toContain('GF_DATA_UNDECLARED_FIELD');
    const stored = emulator.inspect.items('shop')?.items[0]?.data as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(stored, name)?.value).toBe(1);
    for (const run of [validate, push, text, apply, created, sent]) noInternalError(run);
  });
});
