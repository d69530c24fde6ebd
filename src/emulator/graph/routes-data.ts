import { randomUUID } from 'node:crypto';
import type { ParsedBatch } from './data-batch.js';
import type { Repository } from '../server/repository.js';
import { empty, json, text, type Reply } from '../server/respond.js';

/** POST data: the parsed NDJSON applied in one go, or refused whole. */
export async function pushData(repo: Repository, id: string, batch: ParsedBatch): Promise<Reply> {
  const outcome = await repo.pushData(id, batch);
  switch (outcome.kind) {
    case 'missing':
      return text(404, `Content source ${id} does not exist: define its content types (PUT) first`);
    case 'invalid':
      return text(400, outcome.message);
    case 'applied': {
      const parts = [`indexed ${outcome.indexed}`, `deleted ${outcome.deleted}`];
      if (batch.dropped > 0) parts.push(`dropped ${batch.dropped} lines without action`);
      if (outcome.skipped > 0) parts.push(`not indexed ${outcome.skipped} (${outcome.firstSkipReason ?? ''})`);
      const { unsearchable } = outcome;
      if (unsearchable.count > 0) {
        parts.push(
          `stored but not served ${unsearchable.count} (a searchable property not under its searchable name: ` +
            `${unsearchable.first.join('; ')}${unsearchable.count > unsearchable.first.length ? '; …' : ''})`,
        );
      }
      return json(200, { journalId: randomUUID() }, parts.join(', '));
    }
    default: {
      const never: never = outcome;
      throw new Error(`unknown outcome ${JSON.stringify(never)}`);
    }
  }
}

/**
 * DELETE data: purge the listed languages, or every language without the `languages`
 * parameter (it is optional in the published API). A parameter given with no value names
 * no language: 400, rather than guess between none and all.
 */
export async function purgeData(repo: Repository, id: string, languages: readonly string[] | 'all'): Promise<Reply> {
  const list = languages === 'all' ? 'all' : [...new Set(languages.filter((l) => l !== ''))];
  if (list !== 'all' && list.length === 0)
    return text(
      400,
      'Name the languages to purge (repeat the languages query parameter once per language), or leave the parameter out to purge every language',
    );
  const outcome = await repo.purge(id, list);
  switch (outcome.kind) {
    case 'missing':
      return text(404, `Content source ${id} does not exist`);
    case 'purged':
      return empty(204, `purged ${outcome.removed} items of ${id} in ${list === 'all' ? 'every language' : list.join(', ')}`);
    default: {
      const never: never = outcome;
      throw new Error(`unknown outcome ${JSON.stringify(never)}`);
    }
  }
}
