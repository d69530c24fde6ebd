import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../helpers/emulator.js';
import { signIn } from '../helpers/oauth.js';
import { labelParam, openApiGet, publishedSchemas } from './cmp-helpers.js';

/**
 * The contract test of the emulator's Open API: its answers to GET /v3/assets, on several
 * pages and with every filter, validate against copies of the published schemas
 * (AssetResponse, AssetContent, ResourceLabelResponse, Pagination, Error and the listing's
 * 200 answer), kept in test/fixtures/published/cmp-assets-schemas.json.
 */
async function validators() {
  const { definitions } = await publishedSchemas();
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats.default(ajv, ['date-time']);
  ajv.addSchema({ $id: 'cmp', definitions });
  const listing = ajv.getSchema('cmp#/definitions/ListAssetsResponse');
  const error = ajv.getSchema('cmp#/definitions/Error');
  if (listing === undefined || error === undefined) throw new Error('the published schemas lack ListAssetsResponse or Error');
  const check = (validate: typeof listing, value: unknown): string => (validate(value) ? '' : ajv.errorsText(validate.errors));
  return { listing: (value: unknown) => check(listing, value), error: (value: unknown) => check(error, value) };
}

describe('GET /v3/assets against the published schemas', () => {
  it('answers every page of the seeded library, and every filter, in the published shape', async () => {
    const validate = await validators();
    // Many pages in a row: the per-token rate limit is not what this test is about.
    const emulator = await startTestEmulator({ assetsRateLimit: false });
    const { access_token: token } = await signIn(emulator);
    const seeded = emulator.marketing.assets();
    const labelled = seeded.find((a) => a.labels.length > 0)?.labels[0];
    const folder = seeded.find((a) => a.folder_id !== null)?.folder_id;
    if (labelled === undefined || folder === undefined || folder === null) throw new Error('the seed has no labelled asset or no folder');
    const first = [
      '/v3/assets',
      '/v3/assets?type=article',
      '/v3/assets?type=image&type=video&page_size=3',
      `/v3/assets?${labelParam(
        labelled.group.id,
        labelled.values.map((v) => v.id),
      )}&page_size=2`,
      `/v3/assets?folder_id=${folder}`,
      '/v3/assets?is_archived=true',
      '/v3/assets?is_archived=false&type=structured_content&type=raw_file',
      '/v3/assets?offset=100',
    ];
    let pages = 0;
    for (const start of first) {
      let next: string | null = start;
      while (next !== null) {
        const answer = await openApiGet(emulator, token, next);
        expect(answer.status, next).toBe(200);
        expect(validate.listing(answer.json), next).toBe('');
        next = (answer.json.pagination as { next: string | null }).next;
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(first.length + 3);
  });

  it.each([
    ['a page_size of 0', '/v3/assets?page_size=0', 400],
    ['a page_size of 101', '/v3/assets?page_size=101', 400],
    ['an unknown parameter', '/v3/assets?sort=title', 400],
    ['an unknown type', '/v3/assets?type=podcast', 400],
    ['a label that is not JSON', '/v3/assets?label=campaign', 400],
    ['no token', '', 401],
  ])('answers %s with the published Error shape', async (_name, path, status) => {
    const validate = await validators();
    const emulator = await startTestEmulator();
    const { access_token: token } = await signIn(emulator);
    const answer =
      path === ''
        ? await fetch(`${emulator.url}/v3/assets`).then(async (r) => ({ status: r.status, json: (await r.json()) as unknown }))
        : await openApiGet(emulator, token, path);
    expect(answer.status).toBe(status);
    expect(validate.error(answer.json)).toBe('');
  });

  it('answers a client-credentials token the same published shape', async () => {
    const validate = await validators();
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const token = await fetch(`${emulator.url}/o/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: demo.clientId, client_secret: demo.clientSecret }).toString(),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const answer = await openApiGet(emulator, token, '/v3/assets?page_size=100');
    expect(answer.status).toBe(200);
    expect(validate.listing(answer.json)).toBe('');
  });

  it('keeps the fixture honest: the copied schemas are the published ones, nullable written as type lists', async () => {
    const { definitions, securitySchemes } = await publishedSchemas();
    const asset = definitions.AssetResponse as { required: string[]; properties: Record<string, { type?: unknown }> };
    expect(asset.required).toHaveLength(15);
    expect(asset.properties.file_extension?.type).toEqual(['string', 'null']);
    expect(asset.properties.folder_id?.type).toEqual(['string', 'null']);
    expect(JSON.stringify(definitions)).not.toContain('nullable');
    expect(securitySchemes).toMatchObject({
      OAuth2: { flows: { clientCredentials: { tokenUrl: expect.stringMatching(/\/o\/oauth2\/v1\/token$/) as unknown } } },
    });
  });
});
