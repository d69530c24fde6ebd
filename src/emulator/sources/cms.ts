import type { ContentSourceV3 } from '../graph/wire-definition.js';

/** The id under which the service keeps the CMS's own content types. */
export const CMS_SOURCE_ID = 'default';

/** What the sources list says about the CMS's source when its definition has no description. */
export const CMS_DESCRIPTION = "The CMS's own content types";

/** The CMS's content types as the emulator answers them: GET types without id, or with id=default. */
export interface CmsSource {
  definition: ContentSourceV3;
}

const text = { type: 'String' } as const;
const searchableText = { type: 'String', searchable: true } as const;

/**
 * A small, realistic CMS schema for when no `cmsTypes` is given: abstract bases, the page
 * and media types most sites have, a few properties each. Its names are the ones a custom
 * source must not reuse.
 */
export const DEFAULT_CMS_TYPES: ContentSourceV3 = {
  label: 'CMS',
  languages: ['en'],
  contentTypes: {
    Content: {
      abstract: true,
      contentType: [],
      properties: { Name: searchableText, RelativePath: text, Changed: { type: 'DateTime' }, StartPublish: { type: 'DateTime' } },
    },
    Page: { abstract: true, contentType: ['Content'], properties: { MetaTitle: searchableText, MetaDescription: text, VisibleInMenu: { type: 'Boolean' } } },
    Media: { abstract: true, contentType: ['Content'], properties: { MimeType: text, Thumbnail: text } },
    StartPage: { contentType: ['Page'], properties: { Heading: searchableText, Teaser: text } },
    StandardPage: { contentType: ['Page'], properties: { MainBody: searchableText, TeaserText: text } },
    ArticlePage: { contentType: ['Page'], properties: { MainBody: searchableText, Author: text, PublishDate: { type: 'Date' }, Tags: { type: '[String]' } } },
    ImageFile: { contentType: ['Media'], properties: { AltText: searchableText, Copyright: text, Width: { type: 'Int' }, Height: { type: 'Int' } } },
  },
};

/**
 * One entry of the sources list: what GET /api/content/v3/sources answers per source, the
 * published `SourceInfo`, whose four fields are required strings (languages an array).
 */
export interface SourceListEntry {
  id: string;
  label: string;
  description: string;
  languages: string[];
}

/**
 * A definition as the sources list shows it. A definition may leave `label` and
 * `description` out or null (the published `Optional_string_`), while `SourceInfo` requires
 * strings: the list shows "" then, never null, and `languages` absent as [].
 */
export function listEntry(id: string, definition: ContentSourceV3, fallbackDescription = ''): SourceListEntry {
  return { id, label: definition.label ?? '', description: definition.description ?? fallbackDescription, languages: [...(definition.languages ?? [])] };
}

export function cmsListEntry(cms: CmsSource): SourceListEntry {
  return listEntry(CMS_SOURCE_ID, cms.definition, CMS_DESCRIPTION);
}
