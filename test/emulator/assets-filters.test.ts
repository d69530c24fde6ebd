import { describe, expect, it } from 'vitest';
import type { EmulatorAsset, RunningEmulator } from '../../src/emulator/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { signIn } from '../helpers/oauth.js';
import { labelParam, newestFirst, openApiGet } from './cmp-helpers.js';

interface Page {
  data: EmulatorAsset[];
  pagination: { next: string | null; previous: string | null };
  total_count: number;
}

/** Every asset a filtered listing answers, following next to the end. */
async function listAll(emulator: RunningEmulator, token: string, query: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = -1;
  let next: string | null = `/v3/assets?page_size=4${query === '' ? '' : `&${query}`}`;
  while (next !== null) {
    const answer = await openApiGet(emulator, token, next);
    expect(answer.status, next).toBe(200);
    const page = answer.json as unknown as Page;
    ids.push(...page.data.map((a) => a.id));
    total = page.total_count;
    next = page.pagination.next;
  }
  return { ids, total };
}

async function library() {
  const emulator = await startTestEmulator({ assetsRateLimit: false });
  const { access_token: token } = await signIn(emulator);
  const seeded = newestFirst(emulator.marketing.assets());
  const ids = (assets: readonly EmulatorAsset[]): string[] => assets.map((a) => a.id);
  return { emulator, token, seeded, ids, list: (query: string) => listAll(emulator, token, query) };
}

function label(seeded: readonly EmulatorAsset[], group: string, value: string): { group: string; value: string } {
  for (const asset of seeded) {
    for (const l of asset.labels) {
      const found = l.values.find((v) => v.name === value);
      if (l.group.name === group && found !== undefined) return { group: l.group.id, value: found.id };
    }
  }
  throw new Error(`no label ${group}: ${value} in the seed`);
}

const carries = (asset: EmulatorAsset, l: { group: string; value: string }): boolean =>
  asset.labels.some((x) => x.group.id === l.group && x.values.some((v) => v.id === l.value));

describe('GET /v3/assets: order and filters', () => {
  it('answers the newest modified_at first, which is not the order of creation', async () => {
    const { seeded, ids, list, emulator } = await library();
    const { ids: listed, total } = await list('');
    expect([listed, total]).toEqual([ids(seeded), 25]);
    expect(listed).not.toEqual(ids(emulator.marketing.assets()));
    const times = seeded.map((a) => Date.parse(a.modified_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by type, repeated for several, with total_count and next for the filtered list', async () => {
    const { seeded, ids, list, emulator, token } = await library();
    expect(await list('type=article')).toEqual({ ids: ids(seeded.filter((a) => a.type === 'article')), total: 10 });
    const media = seeded.filter((a) => a.type === 'image' || a.type === 'video');
    expect(await list('type=image&type=video')).toEqual({ ids: ids(media), total: media.length });
    const first = (await openApiGet(emulator, token, '/v3/assets?type=image&type=video&page_size=2')).json as unknown as Page;
    expect(first.pagination.next).toBe(`${emulator.url}/v3/assets?type=image&type=video&page_size=2&offset=2`);
  });

  it('filters by label: the values of one label are alternatives, several labels must all hold, labels it does not know are ignored', async () => {
    const { seeded, ids, list } = await library();
    const spring = label(seeded, 'Campaign', 'Spring 2025');
    const summer = label(seeded, 'Campaign', 'Summer 2025');
    const newsletter = label(seeded, 'Channel', 'Newsletter');
    const springOrSummer = seeded.filter((a) => carries(a, spring) || carries(a, summer));
    expect((await list(labelParam(spring.group, [spring.value]))).ids).toEqual(ids(seeded.filter((a) => carries(a, spring))));
    expect((await list(labelParam(spring.group, [spring.value, summer.value]))).ids).toEqual(ids(springOrSummer));
    const both = seeded.filter((a) => (carries(a, spring) || carries(a, summer)) && carries(a, newsletter));
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(springOrSummer.length);
    expect((await list(`${labelParam(spring.group, [spring.value, summer.value])}&${labelParam(newsletter.group, [newsletter.value])}`)).ids).toEqual(
      ids(both),
    );
    // A value it does not know is dropped; a label with none it knows is ignored; none known: no filtering.
    expect((await list(labelParam(spring.group, [spring.value, 'f'.repeat(32)]))).ids).toEqual(ids(seeded.filter((a) => carries(a, spring))));
    expect((await list(`${labelParam('0'.repeat(32), ['1'.repeat(32)])}&${labelParam(spring.group, [spring.value])}`)).ids).toEqual(
      ids(seeded.filter((a) => carries(a, spring))),
    );
    expect((await list(labelParam('0'.repeat(32), ['1'.repeat(32)]))).total).toBe(25);
  });

  it('filters by folder_id and is_archived, combined with the others', async () => {
    const { seeded, ids, list } = await library();
    const folder = seeded.find((a) => a.file_location === '/all assets/Blog')?.folder_id ?? '';
    expect((await list(`folder_id=${folder}`)).ids).toEqual(ids(seeded.filter((a) => a.folder_id === folder)));
    expect((await list('folder_id=no-such-folder')).total).toBe(0);
    const archived = seeded.filter((a) => a.is_archived);
    expect(archived).toHaveLength(2);
    expect((await list('is_archived=true')).ids).toEqual(ids(archived));
    expect((await list('is_archived=false')).total).toBe(23);
    expect((await list(`is_archived=false&type=article&folder_id=${folder}`)).ids).toEqual(
      ids(seeded.filter((a) => !a.is_archived && a.type === 'article' && a.folder_id === folder)),
    );
  });

  it.each([
    ['sort=title', 'Unsupported arguments: sort', { sort: 'sort is not a query parameter of GET /v3/assets' }],
    [
      'search_text=cat&x=1',
      'Unsupported arguments: search_text,x',
      { search_text: 'search_text is a published parameter the emulator does not serve', x: 'x is not a query parameter of GET /v3/assets' },
    ],
  ])('answers 400 to unknown query parameters (%s)', async (query, message, errors) => {
    const { emulator, token } = await library();
    const answer = await openApiGet(emulator, token, `/v3/assets?${query}`);
    expect([answer.status, answer.json]).toEqual([400, { message, errors }]);
  });

  it.each(['fields', 'created_at__from', 'created_at__to', 'modified_at__from', 'modified_at__to', 'include_subfolder_assets', 'search_text', 'campaign_id'])(
    'answers 400 to the published parameter %s, which it does not serve',
    async (name) => {
      const { emulator, token } = await library();
      const answer = await openApiGet(emulator, token, `/v3/assets?${name}=x`);
      expect([answer.status, answer.json]).toEqual([
        400,
        { message: `Unsupported arguments: ${name}`, errors: { [name]: `${name} is a published parameter the emulator does not serve` } },
      ]);
    },
  );

  it.each([
    ['type=podcast', 'type'],
    ['label=%7B%22group%22%3A%22g%22%7D', 'label'],
    [`label=${encodeURIComponent('{"group":"g","values":["v"],"x":1}')}`, 'label'],
    ['is_archived=yes', 'is_archived'],
    ['is_archived=true&is_archived=false', 'is_archived'],
    ['folder_id=', 'folder_id'],
    ['folder_id=a&folder_id=b', 'folder_id'],
  ])('answers 400 {message, errors} to %s', async (query, field) => {
    const { emulator, token } = await library();
    const answer = await openApiGet(emulator, token, `/v3/assets?${query}`);
    expect([answer.status, answer.json.message, Object.keys(answer.json.errors as object)]).toEqual([400, 'Invalid query parameters', [field]]);
  });
});
