import { describe, expect, it } from 'vitest';
import { KeepPass } from '../../src/keep/keep-pass.js';
import { KeepRules } from '../../src/keep/keep-rules.js';
import type { KeepAccount, LostReason, ServedItem } from '../../src/keep/types.js';
import { createItemValidators } from '../../src/data/validate/item-validators.js';
import { WireNames } from '../../src/data/wire-names.js';
import type { ConversionDeclaration, ItemServiceField, MoveDeclaration, SourceDeclaration, SourceDefinition } from '../../src/model/types.js';

/** What the service holds now. */
function beforeDefinition(): SourceDefinition {
  return {
    languages: ['en', 'sv'],
    propertyTypes: { Size: { properties: { Width: { name: 'Width', type: 'Float' }, Depth: { name: 'Depth', type: 'Float' } } } },
    contentTypes: {
      Item: { abstract: true, contentType: [], properties: { Name: { type: 'String' } } },
      Article: {
        contentType: ['Item'],
        properties: {
          Summary: { type: 'String' },
          Version: { type: 'String' },
          Legacy: { type: 'String' },
          Count: { type: 'Int' },
          Box: { type: 'Size' },
          Boxes: { type: '[Size]' },
        },
      },
      ReleaseNote: { contentType: ['Item'], properties: { Notes: { type: 'String' } } },
    },
  };
}

interface AfterOptions {
  languages?: string[];
  convert?: Record<string, ConversionDeclaration>;
  moved?: MoveDeclaration[];
  /** The property type's name after (Size, or Dimensions when it is moved). */
  size?: string;
  /** Article.Count's type after. */
  count?: string;
}

/**
 * What is declared: Item.Name becomes searchable, Article.Summary is Article.Abstract,
 * Version a Float, Legacy removed, Size gains Height and loses Depth, ReleaseNote is Changelog.
 */
function afterDeclaration(options: AfterOptions = {}): SourceDeclaration {
  const size = options.size ?? 'Size';
  return {
    id: 'news',
    file: 'news.yaml',
    data: [],
    moved: options.moved ?? [
      { from: 'ReleaseNote', to: 'Changelog' },
      { from: 'Article.Summary', to: 'Article.Abstract' },
    ],
    ...(options.convert === undefined ? {} : { convert: options.convert }),
    definition: {
      languages: options.languages ?? ['en', 'sv'],
      propertyTypes: { [size]: { properties: { Width: { name: 'Width', type: 'Float' }, Height: { name: 'Height', type: 'Float' } } } },
      contentTypes: {
        Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: true } } },
        Article: {
          contentType: ['Item'],
          properties: {
            Abstract: { type: 'String' },
            Version: { type: 'Float' },
            Count: { type: options.count ?? 'Int' },
            Box: { type: size },
            Boxes: { type: `[${size}]` },
          },
        },
        Changelog: { contentType: ['Item'], properties: { Notes: { type: 'String' } } },
      },
    },
  };
}

interface PassOptions {
  after?: SourceDeclaration;
  enabled?: boolean;
  readable?: ItemServiceField[];
  defaults?: Partial<Record<ItemServiceField, string>>;
}

function pass(options: PassOptions = {}): KeepPass {
  const after = options.after ?? afterDeclaration();
  return new KeepPass({
    sourceId: 'news',
    rules: new KeepRules(beforeDefinition(), after),
    enabled: options.enabled ?? true,
    readable: options.readable ?? ['Status'],
    defaults: options.defaults ?? { _rbac: 'r:Everyone:Read' },
    dataKeys: new Set(['en\nfrom-file']),
    validators: createItemValidators(after.definition),
    wireNames: new WireNames(after.definition),
  });
}

function article(id: string, values: Record<string, unknown> = {}, language = 'en'): ServedItem {
  return { type: 'Article', language, id, contentType: ['Item', 'Article'], values: { Name: `Article ${id}`, ...values }, service: { Status: 'Published' } };
}

/** The item as public: served Published with an `_rbac` that lets everyone read it (a pass must read both back). */
function publicly(item: ServedItem): ServedItem {
  return { ...item, service: { Status: 'Published', _rbac: 'r:Everyone:Read' } };
}

function releaseNote(id: string, language = 'en'): ServedItem {
  return {
    type: 'ReleaseNote',
    language,
    id,
    contentType: ['Item', 'ReleaseNote'],
    values: { Name: `Note ${id}`, Notes: 'fixed' },
    service: { Status: 'Draft' },
  };
}

function line(kept: { line: string } | undefined): Record<string, unknown> {
  expect(kept).toBeDefined();
  return JSON.parse(kept?.line ?? 'null') as Record<string, unknown>;
}

function known(account: KeepAccount): Extract<KeepAccount, { known: true }> {
  if (!account.known) throw new Error(`account not known: ${account.reason}`);
  return account;
}

/** Accepts the item and expects it lost for `reason`; returns the detail heard. */
function expectLost(keep: KeepPass, item: ServedItem, reason: LostReason): string {
  const heard: Array<[LostReason, string]> = [];
  expect(keep.accept(item, (_item, why, detail) => heard.push([why, detail]))).toBeUndefined();
  expect(heard.map(([why]) => why)).toEqual([reason]);
  return heard[0]?.[1] ?? '';
}

describe('KeepPass: a content type rename', () => {
  it('rewrites ContentType to the new lineage, routes to the new type and counts the move', () => {
    const keep = pass();
    const kept = keep.accept(releaseNote('r1'));
    expect(kept?.type).toBe('Changelog');
    expect(line(kept)).toEqual({
      ContentType: ['Item', 'Changelog'],
      Language: { Name: 'en' },
      Status: 'Draft',
      _rbac: 'r:Everyone:Read',
      Name___searchable: 'Note r1',
      Notes: 'fixed',
    });
    keep.accept(releaseNote('r2', 'sv'));
    const account = known(keep.account());
    expect(account.moved).toEqual([{ from: 'ReleaseNote', to: 'Changelog', items: 2 }]);
    expect(account.rows.filter((row) => row.type === 'ReleaseNote').map((row) => [row.to, row.language, row.kept])).toEqual([
      ['Changelog', 'en', 1],
      ['Changelog', 'sv', 1],
    ]);
  });

  it('replaces the served type names by the new lineage; a null ContentType gets it too', () => {
    const keep = pass();
    const item = { ...releaseNote('r3'), contentType: ['Item', 'ReleaseNote'] };
    expect(line(keep.accept(item)).ContentType).toEqual(['Item', 'Changelog']);
    const served = { ...releaseNote('r4'), contentType: null };
    expect(line(keep.accept(served)).ContentType).toEqual(['Item', 'Changelog']);
  });
});

describe('KeepPass: a property rename', () => {
  it('carries Article.Summary over as Article.Abstract and counts it once per item', () => {
    const keep = pass();
    const data = line(keep.accept(article('a1', { Summary: 'short' })));
    expect(data.Abstract).toBe('short');
    expect(data).not.toHaveProperty('Summary');
    keep.accept(article('a2', { Summary: 'other' }));
    keep.accept(article('a3'));
    const account = known(keep.account());
    expect(account.moved).toEqual([{ from: 'Article.Summary', to: 'Article.Abstract', items: 2 }]);
    expect(account.kept).toBe(3);
  });
});

describe('KeepPass: String to Float (Article.Version)', () => {
  it('with onError fail: "1.5" converts', () => {
    const keep = pass({ after: afterDeclaration({ convert: { 'Article.Version': { onError: 'fail' } } }) });
    expect(line(keep.accept(article('a1', { Version: '1.5' }))).Version).toBe(1.5);
    const account = known(keep.account());
    expect(account.blocked).toBe(false);
    expect(account.conversions).toEqual([]);
  });

  it('with onError fail: "n/a" blocks, the example naming the item', () => {
    const keep = pass({ after: afterDeclaration({ convert: { 'Article.Version': { onError: 'fail' } } }), readable: ['Status', '_rbac'] });
    expect(keep.accept(publicly(article('a1', { Version: '2' })))).toBeDefined();
    const detail = expectLost(keep, publicly(article('a2', { Version: 'n/a' }, 'sv')), 'cannot-convert');
    expect(detail).toContain('Article.Version');
    const account = known(keep.account());
    expect(account.blocked).toBe(true);
    expect(account.conversions).toEqual([
      { property: 'Article.Version', from: 'String', to: 'Float', onError: 'fail', items: 1, examples: [{ id: 'a2', language: 'sv', value: '"n/a"' }] },
    ]);
  });

  it('with drop-value: the value is dropped and counted, the item kept', () => {
    const keep = pass({ after: afterDeclaration({ convert: { 'Article.Version': { onError: 'drop-value' } } }), readable: ['Status', '_rbac'] });
    const data = line(keep.accept(publicly(article('a1', { Version: 'n/a', Summary: 's' }))));
    expect(data).not.toHaveProperty('Version');
    expect(data.Abstract).toBe('s');
    expect(line(keep.accept(publicly(article('a2', { Version: '3' })))).Version).toBe(3);
    keep.accept(publicly(article('a3', { Version: 'later' })));
    const account = known(keep.account());
    expect(account.dropped).toEqual([{ property: 'Article.Version', why: 'drop-value', items: 2 }]);
    expect(account.blocked).toBe(false);
    expect(account.kept).toBe(3);
    // Listed with what happens to them, as the plan shows them: the values that do not convert, and their items.
    expect(account.conversions).toMatchObject([
      {
        property: 'Article.Version',
        onError: 'drop-value',
        items: 2,
        examples: [
          { id: 'a1', value: '"n/a"' },
          { id: 'a3', value: '"later"' },
        ],
      },
    ]);
  });

  it('with drop-item: the item is lost (cannot-convert), nothing blocks', () => {
    const keep = pass({ after: afterDeclaration({ convert: { 'Article.Version': { onError: 'drop-item' } } }) });
    expect(keep.accept(article('a1', { Version: '3.25' }))).toBeDefined();
    expectLost(keep, article('a2', { Version: 'n/a' }), 'cannot-convert');
    const account = known(keep.account());
    expect(account.blocked).toBe(false);
    expect(account.lostBy).toEqual({ 'cannot-convert': 1 });
    expect(account.lostExamples).toEqual([expect.objectContaining({ id: 'a2', language: 'en', type: 'Article', reason: 'cannot-convert' })]);
  });

  it('undeclared: a strict conversion blocks even for a value that parses (onError undeclared)', () => {
    const keep = pass({ readable: ['Status', '_rbac'] });
    expectLost(keep, publicly(article('a1', { Version: '1.5' })), 'cannot-convert');
    expectLost(keep, publicly(article('a2', { Version: 'n/a' })), 'cannot-convert');
    expect(keep.accept(article('a3'))).toBeDefined();
    const account = known(keep.account());
    expect(account.blocked).toBe(true);
    expect(account.conversions).toEqual([
      {
        property: 'Article.Version',
        from: 'String',
        to: 'Float',
        onError: 'undeclared',
        items: 2,
        examples: [
          { id: 'a1', language: 'en', value: '"1.5"' },
          { id: 'a2', language: 'en', value: '"n/a"' },
        ],
      },
    ]);
  });
});

describe('KeepPass: a failing value and a drop-item value in one item', () => {
  // Version (String to Float, fail) and Count (Int to Boolean, never, drop-item) both fail.
  const convert = { 'Article.Version': { onError: 'fail' as const }, 'Article.Count': { onError: 'drop-item' as const } };

  it('the fail blocks, whichever property comes first', () => {
    for (const countFirst of [false, true]) {
      const before = beforeDefinition();
      const props = before.contentTypes.Article?.properties ?? {};
      const { Count, Version, ...rest } = props;
      if (Count === undefined || Version === undefined) throw new Error('fixture');
      if (before.contentTypes.Article !== undefined)
        before.contentTypes.Article.properties = countFirst ? { Count, Version, ...rest } : { Version, Count, ...rest };
      const after = afterDeclaration({ convert, count: 'Boolean' });
      const keep = new KeepPass({
        sourceId: 'news',
        rules: new KeepRules(before, after),
        enabled: true,
        readable: ['Status'],
        defaults: { _rbac: 'r:Everyone:Read' },
        dataKeys: new Set(),
        validators: createItemValidators(after.definition),
        wireNames: new WireNames(after.definition),
      });
      expectLost(keep, article('a1', { Version: 'n/a', Count: 3 }), 'cannot-convert');
      const account = known(keep.account());
      expect(account.blocked, `Count first: ${String(countFirst)}`).toBe(true);
      const listed = account.conversions.map((issue) => [issue.property, issue.onError, issue.items]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(listed, `Count first: ${String(countFirst)}`).toEqual([
        ['Article.Count', 'drop-item', 1],
        ['Article.Version', 'fail', 1],
      ]);
    }
  });
});

describe('KeepPass: a safe conversion (Int to [Int])', () => {
  it('wraps the value in a list', () => {
    const keep = pass({ after: afterDeclaration({ count: '[Int]' }) });
    expect(line(keep.accept(article('a1', { Count: 4 }))).Count).toEqual([4]);
    expect(known(keep.account()).kept).toBe(1);
  });

  it('Int to Float carries the number', () => {
    const keep = pass({ after: afterDeclaration({ count: 'Float' }) });
    expect(line(keep.accept(article('a1', { Count: 4 }))).Count).toBe(4);
  });
});

describe('KeepPass: removed properties and property type fields', () => {
  it("drops a removed property's values, counted once per item", () => {
    const keep = pass();
    expect(line(keep.accept(article('a1', { Legacy: 'x' })))).not.toHaveProperty('Legacy');
    keep.accept(article('a2', { Legacy: 'y' }));
    keep.accept(article('a3', { Legacy: null }));
    keep.accept(article('a4'));
    const account = known(keep.account());
    expect(account.dropped).toEqual([{ property: 'Article.Legacy', why: 'removed', items: 2 }]);
  });

  it('a removed field of a property type counts once per item, however many values hold it', () => {
    const keep = pass();
    const data = line(keep.accept(article('a1', { Box: { Width: 1, Depth: 2 }, Boxes: [{ Width: 3, Depth: 4 }, { Depth: 5 }] })));
    expect(data.Box).toEqual({ Width: 1 });
    expect(data.Boxes).toEqual([{ Width: 3 }, {}]);
    keep.accept(article('a2', { Boxes: [{ Depth: 1 }] }));
    expect(known(keep.account()).dropped).toEqual([{ property: 'Size.Depth', why: 'removed', items: 2 }]);
  });

  it('a field added to a property type keeps the nested values', () => {
    const keep = pass();
    const data = line(keep.accept(article('a1', { Box: { Width: 1.5 }, Boxes: [{ Width: 2 }, { Width: 3.5 }] })));
    expect(data.Box).toEqual({ Width: 1.5 });
    expect(data.Boxes).toEqual([{ Width: 2 }, { Width: 3.5 }]);
    const account = known(keep.account());
    expect(account.dropped).toEqual([]);
    expect(account.kept).toBe(1);
  });

  it('a renamed property type (Size to Dimensions) carries its values', () => {
    const after = afterDeclaration({
      size: 'Dimensions',
      moved: [
        { from: 'ReleaseNote', to: 'Changelog' },
        { from: 'Article.Summary', to: 'Article.Abstract' },
        { from: 'Size', to: 'Dimensions' },
      ],
    });
    const keep = pass({ after });
    const data = line(keep.accept(article('a1', { Box: { Width: 1 }, Boxes: [{ Width: 2 }] })));
    expect(data.Box).toEqual({ Width: 1 });
    expect(data.Boxes).toEqual([{ Width: 2 }]);
    const account = known(keep.account());
    expect(account.kept).toBe(1);
    expect(account.lost).toBe(0);
  });

  it('a property type replaced without a move does not carry (never): it blocks', () => {
    const keep = pass({ after: afterDeclaration({ size: 'Dimensions' }) });
    expectLost(keep, article('a1', { Box: { Width: 1 } }), 'cannot-convert');
    expect(keep.accept(article('a2'))).toBeDefined();
    const account = known(keep.account());
    expect(account.blocked).toBe(true);
    expect(account.conversions.map((issue) => [issue.property, issue.from, issue.to, issue.onError])).toEqual([
      ['Article.Box', 'Size', 'Dimensions', 'undeclared'],
    ]);
  });
});

describe('KeepPass: items not carried over', () => {
  it("a removed language's items are lost (language-removed)", () => {
    const keep = pass({ after: afterDeclaration({ languages: ['en'] }) });
    expect(keep.accept(article('a1'))).toBeDefined();
    expectLost(keep, article('a1', {}, 'sv'), 'language-removed');
    const account = known(keep.account());
    expect(account.removedLanguages).toEqual(['sv']);
    expect(account.lostBy).toEqual({ 'language-removed': 1 });
  });

  it('an item whose data line is over the 16 MiB the push reads is lost (invalid), not written for the push to refuse after the PUT', () => {
    const keep = pass();
    // 16 MiB of text: the line with its other fields is just over the limit.
    const detail = expectLost(keep, article('big', { Name: 'x'.repeat(16 * 1024 * 1024) }), 'invalid');
    expect(detail).toMatch(/^its data line is \d+ bytes, more than the 16 MiB a data line may hold \(GF_DATA_LINE_TOO_LONG\)$/);
    expect(keep.accept(article('small', { Name: 'x'.repeat(1024 * 1024) }))).toBeDefined();
    expect(known(keep.account())).toMatchObject({
      kept: 1,
      lost: 1,
      lostBy: { invalid: 1 },
      lostExamples: [{ id: 'big', language: 'en', type: 'Article', reason: 'invalid' }],
    });
  });

  it('readable [] and no defaults: unreadable', () => {
    const keep = pass({ readable: [], defaults: {} });
    const detail = expectLost(keep, article('a1'), 'unreadable');
    expect(detail).toContain('Status');
    expect(detail).toContain('_rbac');
    const account = known(keep.account());
    expect(account.unreadable).toEqual(['Status', '_rbac', 'RolesWithReadAccess']);
    expect(account.lostBy).toEqual({ unreadable: 1 });
  });

  it('readable [] with defaults for both: carried with the defaults', () => {
    const keep = pass({ readable: [], defaults: { Status: 'Published', _rbac: 'r:Everyone:Read' } });
    const data = line(keep.accept({ ...article('a1'), service: { Status: 'Draft' } }));
    expect(data.Status).toBe('Published');
    expect(data._rbac).toBe('r:Everyone:Read');
  });

  it("readable ['Status'] with defaults {_rbac}: the served Status and the default _rbac", () => {
    const keep = pass();
    const data = line(keep.accept({ ...article('a1'), service: { Status: 'Draft', _rbac: 'served-but-unreadable' } }));
    expect(data.Status).toBe('Draft');
    expect(data._rbac).toBe('r:Everyone:Read');
    expect(data).not.toHaveProperty('RolesWithReadAccess');
    expect(known(keep.account()).unreadable).toEqual(['_rbac', 'RolesWithReadAccess']);
  });

  it('an item in the data files comes back from them: fromData, not kept', () => {
    const keep = pass();
    expect(keep.accept(article('from-file'))).toBeUndefined();
    // The same id in another language is not in the files.
    expect(keep.accept(article('from-file', {}, 'sv'))).toBeDefined();
    const account = known(keep.account());
    expect([account.deleted, account.fromData, account.kept, account.lost]).toEqual([2, 1, 1, 0]);
  });

  it('keep disabled: every item not in data files is lost (keep-off)', () => {
    const keep = pass({ enabled: false });
    expectLost(keep, article('a1'), 'keep-off');
    expect(keep.accept(article('from-file'))).toBeUndefined();
    const account = known(keep.account());
    expect(account.enabled).toBe(false);
    expect([account.deleted, account.fromData, account.kept, account.lost]).toEqual([2, 1, 0, 1]);
    expect(account.lostBy).toEqual({ 'keep-off': 1 });
  });

  it('a removed content type: type-removed', () => {
    const keep = pass({ after: afterDeclaration({ moved: [{ from: 'Article.Summary', to: 'Article.Abstract' }] }) });
    expectLost(keep, releaseNote('r1'), 'type-removed');
    expect(known(keep.account()).rows).toEqual([
      {
        type: 'ReleaseNote',
        to: null,
        language: 'en',
        deleted: 1,
        fromData: 0,
        kept: 0,
        lost: 1,
        lostBy: { 'type-removed': 1 },
        access: { public: 0, hidden: 0, fromDefault: 0 },
      },
    ]);
  });
});

describe('KeepPass: wire names', () => {
  it('a property searchable after the change goes under its wire name', () => {
    const keep = pass();
    const data = line(keep.accept(article('a1')));
    expect(data.Name___searchable).toBe('Article a1');
    expect(data).not.toHaveProperty('Name');
  });
});

describe('KeepPass: the account adds up', () => {
  it('per type and language, deleted = fromData + kept + lost, and the totals are the sums', () => {
    const keep = pass({ after: afterDeclaration({ languages: ['en'], convert: { 'Article.Version': { onError: 'drop-item' } } }) });
    keep.accept(article('from-file'));
    keep.accept(article('a1', { Summary: 's', Version: '1' }));
    keep.accept(article('a2', { Version: 'n/a' }));
    keep.accept(article('a3', {}, 'sv'));
    keep.accept(releaseNote('r1'));
    keep.accept(releaseNote('r2'));
    keep.accept(releaseNote('r3', 'sv'));
    keep.addDeleted('Article', 'en', 2);
    keep.addDeleted('Article', 'en', 0);
    const account = known(keep.account());
    expect(account.rows.map((row) => [row.type, row.language, row.to, row.deleted, row.fromData, row.kept, row.lost, row.lostBy])).toEqual([
      ['Article', 'en', 'Article', 5, 1, 1, 3, { 'cannot-convert': 1, deleted: 2 }],
      ['Article', 'sv', 'Article', 1, 0, 0, 1, { 'language-removed': 1 }],
      ['ReleaseNote', 'en', 'Changelog', 2, 0, 2, 0, {}],
      ['ReleaseNote', 'sv', 'Changelog', 1, 0, 0, 1, { 'language-removed': 1 }],
    ]);
    for (const row of account.rows) expect(row.deleted).toBe(row.fromData + row.kept + row.lost);
    const sum = (pick: (row: (typeof account.rows)[number]) => number): number => account.rows.reduce((total, row) => total + pick(row), 0);
    expect(account.deleted).toBe(sum((row) => row.deleted));
    expect(account.fromData).toBe(sum((row) => row.fromData));
    expect(account.kept).toBe(sum((row) => row.kept));
    expect(account.lost).toBe(sum((row) => row.lost));
    expect(account.deleted).toBe(account.fromData + account.kept + account.lost);
    expect(account.lostBy).toEqual({ 'cannot-convert': 1, deleted: 2, 'language-removed': 2 });
  });
});

describe('KeepPass: values of items that are not public stay out of the account', () => {
  const draft = (item: ServedItem): ServedItem => ({ ...item, service: { Status: 'Draft', _rbac: 'r:Everyone:Read' } });
  const restricted = (item: ServedItem): ServedItem => ({ ...item, service: { Status: 'Published', _rbac: 'r:Editors:Read' } });

  it('names a draft, a restricted item and one whose _rbac is not read back by _id and language only; a public one with its value', () => {
    const keep = pass({ after: afterDeclaration({ convert: { 'Article.Version': { onError: 'drop-item' } } }), readable: ['Status', '_rbac'] });
    const details = [
      expectLost(keep, publicly(article('p1', { Version: 'public-value' })), 'cannot-convert'),
      expectLost(keep, draft(article('d1', { Version: 'draft-value' })), 'cannot-convert'),
      expectLost(keep, restricted(article('r1', { Version: 'restricted-value' })), 'cannot-convert'),
      expectLost(keep, article('u1', { Version: 'unread-access-value' }), 'cannot-convert'),
    ];
    const account = known(keep.account());
    expect(account.conversions[0]?.examples).toEqual([
      { id: 'p1', language: 'en', value: '"public-value"' },
      { id: 'd1', language: 'en' },
      { id: 'r1', language: 'en' },
      { id: 'u1', language: 'en' },
    ]);
    // Lost items' details name the property and the change, never a value.
    for (const detail of [...details, ...account.lostExamples.map((x) => x.detail)])
      expect(detail).toBe('Article.Version does not convert from String to Float');
  });
});
