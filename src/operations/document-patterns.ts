import type { DocumentPattern, OperationsConfig } from './types.js';

/**
 * The config's patterns, each with where the config writes it; named by the key alone when
 * the places recorded are not those of these patterns (a config put together by hand).
 */
export function configPatterns(operations: OperationsConfig): DocumentPattern[] {
  const { documents, patterns } = operations;
  const recorded = patterns !== undefined && patterns.length === documents.length && patterns.every((p, i) => p.pattern === documents[i]);
  return recorded ? patterns : givenPatterns(documents, 'operations.documents');
}

/** Patterns given outside any file, named by what gave them (`--documents`); one that comes with its place keeps it. */
export function givenPatterns(patterns: readonly (string | DocumentPattern)[], key: string): DocumentPattern[] {
  return patterns.map((pattern) => (typeof pattern === 'string' ? { pattern, key, file: key, line: 0, column: 0 } : pattern));
}
