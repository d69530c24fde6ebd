import type { ContentTypeDefinition } from './types.js';

/** A content type's fields before its properties: the same in a declaration, the model and on the wire. */
export type ContentTypeHead = Pick<ContentTypeDefinition, 'abstract' | 'base' | 'contentType' | 'displayName' | 'description' | 'sortOrder'>;

/**
 * Those fields where set, in the published order (abstract, base, contentType, displayName,
 * description, sortOrder), built by assignment: it runs for every content type of every
 * source, and conditional spreads cost several times more. The caller adds the rest.
 */
export function contentTypeHead(contentType: ContentTypeHead): Partial<ContentTypeHead> {
  const head: Partial<ContentTypeHead> = {};
  if (contentType.abstract !== undefined) head.abstract = contentType.abstract;
  if (contentType.base !== undefined) head.base = contentType.base;
  head.contentType = [...contentType.contentType];
  if (contentType.displayName !== undefined) head.displayName = contentType.displayName;
  if (contentType.description !== undefined) head.description = contentType.description;
  if (contentType.sortOrder !== undefined) head.sortOrder = contentType.sortOrder;
  return head;
}
