import { describe, expect, it } from 'vitest';
import type { CliRun } from '../helpers/run-cli.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject } from '../helpers/graph-project.js';

const ESC = '\u001b';
const BEL = '\u0007';
/** chalk's colour codes (SGR: ESC [ digits;… m), the only escape sequences allowed through. */
const SGR = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

/** Control characters left after chalk's colour codes (ESC [ … m) are taken out. */
function controlsBesidesColour(text: string): string[] {
  return [...text.replace(SGR, '').matchAll(/[^\P{Cc}\n\t]/gu)].map((m) => m[0]);
}

function controls(text: string): string[] {
  return [...text.matchAll(/[^\P{Cc}\n\t]/gu)].map((m) => m[0]);
}

/** A valid source whose label and second data glob try to set the title, ring and clear the screen. */
const validShop = [
  'id: shop',
  'label: "Shop\\e]0;owned\\a\\e[2J"',
  'languages: [en]',
  'contentTypes:',
  '  Item:',
  '    contentType: []',
  '    properties:',
  '      Name: { type: String }',
  'data:',
  '  - items/*.ndjson',
  '  - "items/\\e[2J\\a*.json"',
  '',
].join('\n');

/** An invalid one: a raw ESC and BEL in an unknown key (so also in the code frame), BEL in a type. */
const invalidShop = [
  'id: shop',
  'label: "Shop\\e[2J"',
  'languages: [en]',
  'contentTypes:',
  '  Item:',
  '    contentType: []',
  `    Bad${ESC}[2J${BEL}Key: 1`,
  '    properties:',
  '      Name: { type: "Str\\aing" }',
  '',
].join('\n');

const goodItems = '{"index":{"_id":"1","language_routing":"en"}}\n{"Name":"one","ContentType":["Item"]}\n';
const badItems = [
  '{"index":{"_id":"1","language_routing":"en"}}',
  '{"Name":"one","ContentType":["Item"],"Col\\u001b[2Jor":1}',
  '{"index":{"_id":"2","language_routing":"\\u0007"}}',
  '{"Name":"two","ContentType":["\\u001b]0;t\\u0007X"]}',
  '',
].join('\n');

const output = (runs: readonly CliRun[]): string => runs.map((run) => `${run.stdout}${run.stderr}`).join('');

const COLOURS = [
  { name: 'colour off', env: {}, check: (runs: readonly CliRun[]) => expect(controls(output(runs))).toEqual([]) },
  {
    name: 'FORCE_COLOR=1',
    env: { FORCE_COLOR: '1' },
    check: (runs: readonly CliRun[]) => {
      expect(controlsBesidesColour(output(runs))).toEqual([]);
      // The colour codes themselves survive the escaping.
      expect(output(runs)).toContain(`${ESC}[31m`);
    },
  },
];

describe('control characters from declarations and data never reach the terminal raw', () => {
  it.each(COLOURS)('validate (text and GitHub annotations) and plan of an invalid declaration, $name', async ({ env, check }) => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': invalidShop });
    const runs: CliRun[] = [];
    for (const extra of [{}, { GITHUB_ACTIONS: 'true' }]) {
      const validate = await project.cliWith({ ...env, ...extra }, 'validate');
      expect(validate.code).toBe(1);
      expect(validate.stdout).toContain('unknown key `Bad\\u001b[2J\\u0007Key`');
      expect(validate.stdout).toContain('Bad\\u001b[2J\\u0007Key: 1');
      expect(validate.stdout).toContain('Str\\u0007ing');
      runs.push(validate);
    }
    expect(runs[1]?.stdout).toContain('::error file=content-sources/shop.yaml,line=7,col=5,title=GF_UNKNOWN_KEY::unknown key `Bad\\u001b[2J\\u0007Key`');
    const plan = await project.cliWith(env, 'plan');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('GF_UNKNOWN_KEY');
    runs.push(plan);
    check(runs);
  });

  it.each(COLOURS)('plan (text, markdown), apply, state list and data validate of a valid declaration, $name', async ({ env, check }) => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, {
      'content-sources/shop.yaml': validShop,
      'content-sources/items/ok.ndjson': goodItems,
      'bad.ndjson': badItems,
    });
    const plan = await project.cliWith(env, 'plan');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('items/\\u001b[2J\\u0007*.json');
    const markdown = await project.cliWith(env, '--format', 'markdown', 'plan');
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('items/\\u001b[2J\\u0007*.json');
    const apply = await project.cliWith(env, 'apply', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Apply complete!');
    expect((emulator.inspect.definition('shop') as { label: string }).label).toBe(`Shop${ESC}]0;owned${BEL}${ESC}[2J`);
    const list = await project.cliWith(env, 'state', 'list');
    expect(list.stdout).toContain('Shop\\u001b]0;owned\\u0007\\u001b[2J');
    const data = await project.cliWith(env, 'data', 'validate', 'shop', 'bad.ndjson');
    expect(data.code).toBe(1);
    expect(data.stdout).toContain('/Col\\u001b[2Jor');
    expect(data.stdout).toContain('Content type "\\u001b]0;t\\u0007X" is not declared');
    expect(data.stdout).toContain('Language "\\u0007" is not one of');
    const annotated = await project.cliWith({ ...env, GITHUB_ACTIONS: 'true' }, 'data', 'validate', 'shop', 'bad.ndjson');
    expect(annotated.stdout).toContain('::warning file=bad.ndjson,line=2');
    check([plan, markdown, apply, list, data, annotated]);
  });
});
