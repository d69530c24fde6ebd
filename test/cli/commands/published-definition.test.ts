import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import published from '../../fixtures/published/graph-openapi-schemas.json' with { type: 'json' };
import { startTestEmulator } from '../../helpers/emulator.js';
import { graphProject, type GraphProject } from '../../helpers/graph-project.js';
import { startNewerService } from '../../helpers/newer-service.js';
import { rawRequest } from '../../helpers/raw-graph.js';

/** Sources written by other tools, straight through the API: graphform never saw them. */
const richSource = {
  label: 'Weather',
  description: 'Forecasts by city',
  languages: ['en', 'sv'],
  useTypedFieldNames: true,
  preset: 'next',
  // `from` as the vendor's client writes it: the wire name of City (searchable, under useTypedFieldNames).
  links: { Forecast: { from: 'City$$String___searchable', to: 'Name' } },
  contentTypes: {
    Forecast: {
      contentType: [],
      displayName: 'Weather forecast',
      description: 'One day of weather',
      sortOrder: 2,
      properties: {
        City: { type: 'String', searchable: true, index: true, helpText: 'Where' },
        Temperature: { type: 'Int', index: false, helpText: null },
      },
    },
  },
};
const unlabelled = { languages: ['en'], contentTypes: { Note: { contentType: [], properties: { Text: { type: 'String' } } } } };

async function putRaw(emulator: RunningEmulator, id: string, body: unknown): Promise<void> {
  const answer = await rawRequest(emulator, {
    method: 'PUT',
    target: `/api/content/v3/types?id=${id}`,
    body: JSON.stringify(body),
    contentType: 'application/json',
  });
  expect(answer.status, answer.text).toBe(204);
}

async function typesOf(emulator: RunningEmulator, id: string): Promise<unknown> {
  const answer = await rawRequest(emulator, { method: 'GET', target: `/api/content/v3/types?id=${id}` });
  return JSON.parse(answer.text) as unknown;
}

async function planJson(project: GraphProject): Promise<{
  code: number;
  plan: {
    sources: Array<{ id: string; action: string; reasons: string[]; changes: Array<{ kind: string }>; requests: Array<{ kind: string; body: unknown }> }>;
  };
}> {
  const run = await project.cli('plan', '--format', 'json', '--detailed-exitcode');
  expect(run.stderr).not.toMatch(/GF_[A-Z_]+/);
  return { code: run.code, plan: JSON.parse(run.stdout) };
}

describe('sources written by other tools, in the published definition', () => {
  it('import writes every field, the next plan is empty, adding a property keeps every other field, and a change made outside shows', async () => {
    const emulator = await startTestEmulator();
    await putRaw(emulator, 'wx', richSource);
    await putRaw(emulator, 'ex', published.example);
    await putRaw(emulator, 'nl', unlabelled);
    const project = await graphProject(emulator, {});

    const imported = await project.cli('import', '--all');
    expect(imported.code, imported.stderr).toBe(0);
    const wx = await readFile(path.join(project.dir, 'content-sources/wx.yaml'), 'utf8');
    for (const field of [
      'useTypedFieldNames: true',
      'preset: next',
      'Forecast: { from: City$$String___searchable, to: Name }',
      'displayName: Weather forecast',
      'sortOrder: 2',
      'index: true',
      'helpText: Where',
      'description: Forecasts by city',
    ]) {
      expect(wx).toContain(field);
    }
    expect(await readFile(path.join(project.dir, 'content-sources/nl.yaml'), 'utf8')).not.toContain('label:');
    expect(await readFile(path.join(project.dir, 'content-sources/ex.yaml'), 'utf8')).toContain('label: Weather Forecast');

    const empty = await planJson(project);
    expect(empty.code).toBe(0);
    expect(empty.plan.sources.map((s) => s.action)).toEqual(['none', 'none', 'none']);

    // Adding a property: a partial update, and every field the service held is still there.
    await project.write({ 'content-sources/wx.yaml': wx.replace('      Temperature:', '      Wind: { type: Float }\n      Temperature:') });
    const adding = await planJson(project);
    expect(adding.code).toBe(2);
    expect(adding.plan.sources.find((s) => s.id === 'wx')).toMatchObject({ action: 'partial', changes: [{ kind: 'property.added' }] });
    const applied = await project.cli('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const after = (await typesOf(emulator, 'wx')) as typeof richSource;
    expect(after).toMatchObject({ useTypedFieldNames: true, preset: 'next', links: richSource.links, description: 'Forecasts by city' });
    expect(after.contentTypes.Forecast).toMatchObject({
      displayName: 'Weather forecast',
      sortOrder: 2,
      properties: { City: richSource.contentTypes.Forecast.properties.City, Wind: { type: 'Float' } },
    });
    expect((await planJson(project)).code).toBe(0);

    // A link changed outside graphform (a partial update by another tool): the plan shows it.
    const outside = await rawRequest(emulator, {
      method: 'POST',
      target: '/api/content/v3/types?id=wx',
      body: JSON.stringify({ languages: ['en', 'sv'], links: { Forecast: { from: 'City', to: 'Town' } }, contentTypes: {} }),
      contentType: 'application/json',
    });
    expect(outside.status, outside.text).toBe(204);
    const drifted = await planJson(project);
    const wxPlan = drifted.plan.sources.find((s) => s.id === 'wx');
    // The plan starts from what the service holds: the change made outside is listed, and undone (links go by a full update).
    expect((wxPlan as { outside?: Array<{ kind: string }> } | undefined)?.outside?.map((c) => c.kind)).toEqual(['link.changed']);
    expect(wxPlan).toMatchObject({ action: 'full', changes: [{ kind: 'link.changed', path: 'links.Forecast' }] });
  });

  it('a source without label is a normal source: plan checks its names, and it can be declared without one', async () => {
    const emulator = await startTestEmulator();
    await putRaw(emulator, 'nl', unlabelled);
    const project = await graphProject(emulator, {
      'content-sources/shop.yaml': 'id: shop\nlanguages: [en]\ncontentTypes:\n  Note:\n    contentType: []\n    properties: {}\n',
    });
    const plan = await project.cli('plan');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('GF_TYPE_NAME_COLLISION');
    expect(plan.stderr).not.toContain('label is not a string');
  });
});

describe('fields graphform does not know', () => {
  it('are imported under unknownFields with a warning, compared by plan, and carried back at their level in every request body', async () => {
    const service = await startNewerService();
    service.stored.set('nw', {
      label: 'Newer',
      languages: ['en'],
      slot: 'blue',
      contentTypes: { Page: { contentType: [], icon: { name: 'page' }, properties: { Title: { type: 'String', maxLength: 80 } } } },
    });
    const project = await graphProject(service as unknown as RunningEmulator, {});

    const imported = await project.cli('import', 'nw');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain(
      'source nw has fields graphform does not know: contentTypes.Page.icon, contentTypes.Page.properties.Title.maxLength, slot',
    );
    const yaml = await readFile(path.join(project.dir, 'content-sources/nw.yaml'), 'utf8');
    expect(yaml).toContain('unknownFields:\n  slot: blue');
    expect(yaml).toContain('maxLength: 80');

    const empty = await project.cli('plan', '--detailed-exitcode');
    expect(empty.code, empty.stdout + empty.stderr).toBe(0);

    // A partial update carries the source's unknown fields, and the changed content type carries its own.
    await project.write({ 'content-sources/nw.yaml': yaml.replace('    properties:\n', '    properties:\n      Body: { type: String }\n') });
    const applied = await project.cli('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(service.bodies.at(-1)).toMatchObject({
      method: 'POST',
      body: {
        slot: 'blue',
        contentTypes: { Page: { icon: { name: 'page' }, properties: { Title: { type: 'String', maxLength: 80 }, Body: { type: 'String' } } } },
      },
    });

    // A change of an unknown field made outside shows in the plan, which sets it back.
    service.stored.set('nw', { ...service.stored.get('nw'), slot: 'green' });
    const drift = await project.cli('plan');
    expect(drift.stdout).toContain('Changed outside graphform since the last apply:\n  nw\n      ~ slot (a field graphform does not know): "blue" -> "green"');
    expect(drift.stdout).toMatch(/-\/\+ nw will be replaced/);
  });
});
