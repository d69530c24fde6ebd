import type { FileCalls } from '../../fs/file-calls.js';
import type { DocumentPattern } from '../../operations/types.js';
import { extractGraphql, needsExtractor, type Extracted } from '../../operations/extract.js';
import { readDocuments, type DocumentText, type ReadDocuments } from './operation-documents.js';
import type { Extraction } from './operations-check-types.js';
import { readOperationsCache, type CacheEntry } from './operations-cache.js';
import { checkerVersions, documentsDigest, hintKey } from './operations-cache-key.js';

/** What the operations check needs before the schema is known: where the documents are, what the hint is made of, and whether to cache. */
export interface PrepareJob {
  patterns: readonly DocumentPattern[];
  rootDir: string;
  cwd: string;
  /** The declarations (each source's id and definition): with the documents, the hint. */
  declarations: unknown;
  cache: boolean;
}

/** The documents read, their digest and hint, and the cache's entries. */
export interface Prepared {
  read: ReadDocuments;
  digest: string;
  hint: string;
  entries: CacheEntry[];
  /** An entry was made from the same documents and declarations: its outcome will likely do, so nothing is extracted yet. */
  likelyHit: boolean;
}

/**
 * Reads the documents, the versions and the cache (none when off), and whether the cache will
 * likely answer. `calls`: how the documents are read (the default waits on the thread pool).
 */
export async function prepareOperations(job: PrepareJob, calls?: FileCalls): Promise<Prepared> {
  const [read, versions, entries] = await Promise.all([
    readDocuments(job.patterns, job.rootDir, job.cwd, calls),
    job.cache ? checkerVersions() : '',
    job.cache ? readOperationsCache(job.rootDir) : [],
  ]);
  const digest = documentsDigest(versions, read.texts);
  const hint = hintKey(digest, job.declarations);
  return { read, digest, hint, entries, likelyHit: entries.some((e) => e.hint === hint) };
}

/**
 * The GraphQL of the code files among `texts` (those that need parsing), by file, its
 * extraction begun now.
 */
export function extractionOf(texts: readonly DocumentText[]): Extraction {
  const code = texts.filter(({ file, text }) => needsExtractor(file, text));
  const results = Promise.all(code.map(({ file, text }) => extractGraphql(file, text))).then(
    (each): ReadonlyMap<string, Extracted> => new Map(code.map(({ file }, index) => [file, each[index] as Extracted])),
  );
  // Asked for only when a check runs: until then a failure is nobody's to handle.
  results.catch(() => undefined);
  return { results: () => results };
}
