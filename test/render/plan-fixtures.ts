import type { Plan } from '../../src/plan/types.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { declaration, edit, planOf, shop } from '../plan/builders.js';

const blog: SourceDefinition = {
  label: 'Blog <posts>',
  languages: ['en'],
  contentTypes: { Post: { contentType: [], properties: { Title: { type: 'String', searchable: true }, Body: { type: 'String' } } } },
};
const news: SourceDefinition = {
  label: 'News',
  languages: ['en', 'sv'],
  contentTypes: { Article: { contentType: [], properties: { Headline: { type: 'String' } } } },
};
const docs: SourceDefinition = { label: 'Docs', languages: ['en'], contentTypes: { Page: { contentType: [], properties: { Text: { type: 'String' } } } } };

/**
 * One of each: create, update in place (types and label/description: two requests),
 * replace (with data files), orphan, unchanged with drift, and unmanaged sources.
 */
export function mixedPlan(): Plan {
  return planOf({
    applied: { shop: shop(), news, docs, old: docs },
    declared: [
      declaration('blog', blog),
      declaration('news', edit(news, (d) => {
        d.contentTypes.Article!.properties.Summary = { type: 'String' };
        d.contentTypes.Article!.properties.Headline!.searchable = true;
        d.label = 'News desk';
        d.description = 'Press releases';
      })),
      declaration('shop', edit(shop(), (d) => {
        delete d.contentTypes.Product!.properties.Color;
        d.label = 'Shop';
      }), ['data/shop/*.ndjson']),
      declaration('docs', docs),
    ],
    remote: {
      blog: { status: 'missing' },
      docs: { status: 'found', definition: edit(docs, (d) => void (d.contentTypes.Page!.properties.Extra = { type: 'Int' })), unknown: [], hasDescription: false },
    },
    account: [
      { id: 'default', label: 'CMS', languages: ['en'] },
      { id: 'zz', label: 'Gadgets', description: 'another team', languages: ['en', 'fi'] },
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
  return planOf({ applied: { docs }, declared: [declaration('docs', docs)], remote: { docs: { status: 'found', definition: docs, unknown: [], hasDescription: false } } });
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
