import { describe, expect, it } from 'vitest';
import type { SourceDefinition } from '../../src/model/types.js';
import { withKeep } from './cases/keep-cases.js';
import { brief, validateTexts } from './validate-helpers.js';

/** The news source as declared now: Article (Title, Version, Box) and property type Size (Width), with these moves. */
const news = (moved: string): string => withKeep(`moved:\n${moved}`);

/** What state says the service holds: Article with `properties` (String each), and Size. */
const held = (...properties: string[]): { stateSources: Record<string, SourceDefinition> } => ({
  stateSources: {
    news: {
      label: 'News',
      languages: ['en'],
      propertyTypes: { Size: { properties: { Width: { name: 'Width', type: 'Float' } } } },
      contentTypes: { Article: { contentType: [], properties: Object.fromEntries(properties.map((name) => [name, { type: 'String' }])) } },
    },
  },
});

describe('moved properties', () => {
  it('refuses a move onto a property the source already holds beside the moved one, at the entry', () => {
    const result = validateTexts({ 'news.yaml': news('  - { from: Article.Summary, to: Article.Version }') }, held('Title', 'Summary', 'Version'));
    expect(result.diagnostics.map(brief)).toEqual(['news.yaml:16:34 GF_MOVED_ONTO_EXISTING']);
    expect(result.diagnostics[0]?.message).toContain("every item's `Article.Version` value would be overwritten by its `Article.Summary` value");
    expect(result.declarations, 'a refused file yields no declaration').toEqual([]);
  });

  it('refuses a chain whose two held properties end on one name', () => {
    const result = validateTexts(
      { 'news.yaml': news('  - { from: Article.Summary, to: Article.Teaser }\n  - { from: Article.Teaser, to: Article.Version }') },
      held('Title', 'Summary', 'Teaser'),
    );
    expect(result.diagnostics.map(brief)).toEqual(['news.yaml:16:34 GF_MOVED_ONTO_EXISTING', 'news.yaml:17:33 GF_MOVED_ONTO_EXISTING']);
  });

  it('refuses a property moved to another type, with or without state', () => {
    for (const context of [{}, held('Title', 'Summary')]) {
      const result = validateTexts({ 'news.yaml': news('  - { from: Article.Summary, to: Size.Width }') }, context);
      expect(result.diagnostics.map(brief)).toEqual(['news.yaml:16:34 GF_MOVED_ACROSS_TYPES']);
      expect(result.diagnostics[0]?.message).toContain('a property moves within its type: write `to` as `Article.Width`');
    }
  });

  it.each([
    ['a rename onto a new property', '  - { from: Article.Summary, to: Article.Version }', held('Title', 'Summary')],
    ['a rename already applied, left in place', '  - { from: Article.Summary, to: Article.Version }', held('Title', 'Version')],
    ['a rename with no state to compare with', '  - { from: Article.Summary, to: Article.Version }', {}],
    ['a property moved with its type', '  - { from: Post, to: Article }\n  - { from: Post.Summary, to: Article.Version }', {}],
  ])('accepts %s', (_, moved, context) => {
    const result = validateTexts({ 'news.yaml': news(moved) }, context);
    expect(result.diagnostics.map(brief)).toEqual([]);
  });
});
