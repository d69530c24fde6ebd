import type { KeepAccount } from '../../src/keep/types.js';
import { summarize } from '../../src/plan/policy.js';
import type { DeleteCount, Plan } from '../../src/plan/types.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { declaration, edit, planOf, shop } from '../plan/builders.js';

const blog: SourceDefinition = {
  label: 'Blog <posts>',
  languages: ['en'],
  contentTypes: {
    Post: {
      contentType: [],
      properties: {
        Title: { type: 'String', searchable: true },
        Body: { type: 'String' },
      },
    },
  },
};
const news: SourceDefinition = {
  label: 'News',
  languages: ['en', 'sv'],
  contentTypes: {
    Article: { contentType: [], properties: { Headline: { type: 'String' } } },
  },
};
const docs: SourceDefinition = {
  label: 'Docs',
  languages: ['en'],
  contentTypes: {
    Page: { contentType: [], properties: { Text: { type: 'String' } } },
  },
};

/**
 * One of each: create, update in place (types and label/description: two requests),
 * replace (with data files), orphan, unchanged with drift, and unmanaged sources.
 */
export function mixedPlan(): Plan {
  return planOf({
    applied: { shop: shop(), news, docs, old: docs },
    declared: [
      declaration('blog', blog),
      declaration(
        'news',
        edit(news, (d) => {
          d.contentTypes.Article!.properties.Summary = { type: 'String' };
          d.contentTypes.Article!.properties.Headline!.searchable = true;
          d.label = 'News desk';
          d.description = 'Press releases';
        }),
      ),
      declaration(
        'shop',
        edit(shop(), (d) => {
          delete d.contentTypes.Product!.properties.Color;
          d.label = 'Shop';
        }),
        ['data/shop/*.ndjson'],
      ),
      declaration('docs', docs),
    ],
    remote: {
      blog: { status: 'missing' },
      docs: {
        status: 'found',
        definition: edit(docs, (d) => void (d.contentTypes.Page!.properties.Extra = { type: 'Int' })),
        unknown: [],
        hasDescription: false,
      },
    },
    account: [
      { id: 'default', label: 'CMS', languages: ['en'] },
      {
        id: 'zz',
        label: 'Gadgets',
        description: 'another team',
        languages: ['en', 'fi'],
      },
      { id: 'news', label: 'News', languages: ['en', 'sv'] },
    ],
  });
}

/** --prune: an orphaned source deleted, and a new source the service could not be asked about. */
export function prunePlan(): Plan {
  return planOf({
    applied: { old: news },
    declared: [declaration('blog', blog)],
    remote: { blog: { status: 'unsupported' } },
    options: { prune: true },
  });
}

export function emptyPlan(): Plan {
  return planOf({
    applied: { docs },
    declared: [declaration('docs', docs)],
    remote: {
      docs: {
        status: 'found',
        definition: docs,
        unknown: [],
        hasDescription: false,
      },
    },
  });
}

export function planWithDiagnostics(): Plan {
  return {
    ...emptyPlan(),
    diagnostics: [
      {
        code: 'GF_UNUSED_PROPERTY_TYPE',
        severity: 'warning',
        message: 'property type Dimensions is not used',
        file: 'content-sources/docs.yaml',
        line: 4,
        column: 3,
        path: 'propertyTypes.Dimensions',
      },
    ],
  };
}

const newsBefore: SourceDefinition = {
  label: 'News',
  languages: ['en'],
  contentTypes: {
    Article: {
      contentType: [],
      properties: {
        Headline: { type: 'String' },
        Summary: { type: 'String' },
        Teaser: { type: 'String' },
        Rating: { type: 'String' },
      },
    },
    ReleaseNote: { contentType: [], properties: { Title: { type: 'String' } } },
  },
};
const newsAfter: SourceDefinition = {
  label: 'News',
  languages: ['en'],
  contentTypes: {
    Article: {
      contentType: [],
      properties: {
        Headline: { type: 'String' },
        Abstract: { type: 'String' },
        Rating: { type: 'Int' },
      },
    },
    Changelog: { contentType: [], properties: { Title: { type: 'String' } } },
  },
};

/** The keep account of news: a full update that carries every item over (a type moved, a property moved, one removed, values dropped). */
export const newsKeep: KeepAccount = {
  known: true,
  enabled: true,
  rows: [
    {
      type: 'Article',
      to: 'Article',
      language: 'en',
      deleted: 1_003,
      fromData: 5,
      kept: 998,
      lost: 0,
      lostBy: {},
      access: { public: 998, hidden: 0, fromDefault: 0 },
    },
    {
      type: 'ReleaseNote',
      to: 'Changelog',
      language: 'en',
      deleted: 2,
      fromData: 0,
      kept: 2,
      lost: 0,
      lostBy: {},
      access: { public: 2, hidden: 0, fromDefault: 0 },
    },
  ],
  deleted: 1_005,
  fromData: 5,
  kept: 1_000,
  lost: 0,
  lostBy: {},
  conversions: [
    {
      property: 'Article.Rating',
      from: 'String',
      to: 'Int',
      onError: 'drop-value',
      items: 4,
      examples: [
        { id: 'a-17', language: 'en', value: '"four"' },
        { id: 'a-31', language: 'en', value: '"n/a"' },
      ],
    },
  ],
  dropped: [
    { property: 'Article.Teaser', why: 'removed', items: 12 },
    { property: 'Article.Rating', why: 'drop-value', items: 4 },
  ],
  moved: [
    { from: 'ReleaseNote', to: 'Changelog', items: 2 },
    { from: 'Article.Summary', to: 'Article.Abstract', items: 5 },
  ],
  unreadable: ['_rbac', 'RolesWithReadAccess'],
  defaults: { _rbac: 'r:Everyone:Read' },
  removedLanguages: [],
  lostExamples: [],
  blocked: false,
  access: { source: 'single-key', public: 1_000, hidden: 0, fromDefault: 0 },
};

/** The keep account of shop: sv removed, and Status and _rbac not served back without defaults, so only the data files' items come back. */
export const shopKeep: KeepAccount = {
  known: true,
  enabled: true,
  rows: [
    {
      type: 'Product',
      to: 'Product',
      language: 'en',
      deleted: 41,
      fromData: 10,
      kept: 0,
      lost: 31,
      lostBy: { unreadable: 30, deleted: 1 },
      access: { public: 0, hidden: 0, fromDefault: 0 },
    },
    {
      type: 'Product',
      to: 'Product',
      language: 'sv',
      deleted: 4,
      fromData: 0,
      kept: 0,
      lost: 4,
      lostBy: { 'language-removed': 4 },
      access: { public: 0, hidden: 0, fromDefault: 0 },
    },
  ],
  deleted: 45,
  fromData: 10,
  kept: 0,
  lost: 35,
  lostBy: { unreadable: 30, deleted: 1, 'language-removed': 4 },
  conversions: [],
  dropped: [],
  moved: [],
  unreadable: ['Status', '_rbac'],
  defaults: {},
  removedLanguages: ['sv'],
  lostExamples: [
    {
      id: 'p-1',
      language: 'en',
      type: 'Product',
      reason: 'unreadable',
      detail: 'GraphQL does not serve Status or _rbac back and keep.defaults does not supply it',
    },
    {
      id: 'p-1',
      language: 'sv',
      type: 'Product',
      reason: 'language-removed',
      detail: 'language sv is not declared any more',
    },
  ],
  blocked: false,
  access: { source: 'default', public: 0, hidden: 0, fromDefault: 0 },
};

/** Two full updates with keep accounts: news keeps every item, shop loses some. */
export function keepPlan(): Plan {
  const plan = planOf({
    applied: { news: newsBefore, shop: shop() },
    declared: [
      {
        ...declaration('news', newsAfter),
        moved: [
          { from: 'ReleaseNote', to: 'Changelog' },
          { from: 'Article.Summary', to: 'Article.Abstract' },
        ],
      },
      declaration(
        'shop',
        edit(shop(), (d) => void (d.languages = ['en'])),
        ['data/shop/*.ndjson'],
      ),
    ],
  });
  return withKeep(plan, { news: newsKeep, shop: shopKeep }, { shop: { known: true, total: 45, byLanguage: { en: 41, sv: 4 } } });
}

/** A full update whose items could not be read back. */
export function keepUnknownPlan(): Plan {
  const plan = planOf({
    applied: { shop: shop() },
    declared: [
      declaration(
        'shop',
        edit(shop(), (d) => void delete d.contentTypes.Product!.properties.Color),
        ['data/shop/*.ndjson'],
      ),
    ],
  });
  return withKeep(
    plan,
    {
      shop: {
        known: false,
        reason: 'environment test has no admin credentials to read items with',
      },
    },
    { shop: { known: true, total: 44, byLanguage: { en: 40, sv: 4 } } },
  );
}

/** The plan with keep accounts attached as the plan workflow attaches them: dataLoss only where an item is lost. */
export function withKeep(plan: Plan, keeps: Record<string, KeepAccount>, deletes: Record<string, DeleteCount> = {}): Plan {
  const sources = plan.sources.map((s) => {
    const keep = keeps[s.id];
    if (keep === undefined) return s;
    const dataLoss = !keep.known || keep.lost > 0;
    return {
      ...s,
      keep,
      dataLoss,
      ...(dataLoss && deletes[s.id] !== undefined ? { deletes: deletes[s.id] } : {}),
    };
  });
  return { ...plan, sources, summary: summarize(sources) };
}
