import type { SourceDefinition } from '../../model/types.js';

/** The id under which the service keeps the CMS's own content types. */
export const CMS_SOURCE_ID = 'default';

/** What the sources list says about the CMS's source; the definition format has no description. */
export const CMS_DESCRIPTION = "The CMS's own content types";

/** The CMS's content types as the emulator answers them: GET types without id, or with id=default. */
export interface CmsSource {
  definition: SourceDefinition;
}

const text = { type: 'String' } as const;
const searchableText = { type: 'String', searchable: true } as const;

/**
 * A small, realistic CMS schema for when no `cmsTypes` is given: abstract bases, the page
 * and media types most sites have, a few properties each. Its names are the ones a custom
 * source must not reuse.
 */
export const DEFAULT_CMS_TYPES: SourceDefinition = {
  label: 'CMS',
  languages: ['en'],
  contentTypes: {
    Content: { abstract: true, contentType: [], properties: { Name: searchableText, RelativePath: text, Changed: { type: 'DateTime' }, StartPublish: { type: 'DateTime' } } },
    Page: { abstract: true, contentType: ['Content'], properties: { MetaTitle: searchableText, MetaDescription: text, VisibleInMenu: { type: 'Boolean' } } },
    Media: { abstract: true, contentType: ['Content'], properties: { MimeType: text, Thumbnail: text } },
    StartPage: { contentType: ['Page'], properties: { Heading: searchableText, Teaser: text } },
    StandardPage: { contentType: ['Page'], properties: { MainBody: searchableText, TeaserText: text } },
    ArticlePage: { contentType: ['Page'], properties: { MainBody: searchableText, Author: text, PublishDate: { type: 'Date' }, Tags: { type: '[String]' } } },
    ImageFile: { contentType: ['Media'], properties: { AltText: searchableText, Copyright: text, Width: { type: 'Int' }, Height: { type: 'Int' } } },
  },
};

/** One entry of the sources list: what GET /api/content/v3/sources answers per source. */
export interface SourceListEntry {
  id: string;
  label: string;
  description: string;
  languages: string[];
}

export function cmsListEntry(cms: CmsSource): SourceListEntry {
  return { id: CMS_SOURCE_ID, label: cms.definition.label, description: CMS_DESCRIPTION, languages: [...cms.definition.languages] };
}
