import { checkFullDefinition, checkPartialBody } from './definition-shape.js';
import { parseJsonBody } from '../server/json-body.js';
import type { Repository } from '../server/repository.js';
import { empty, json, text, type Reply } from '../server/respond.js';
import type { CmsSource } from '../sources/cms.js';

/** PUT types: create the source, or replace its definition and delete all its items. */
export async function putTypes(repo: Repository, id: string, body: Buffer): Promise<Reply> {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) return parsed.reply;
  const shape = checkFullDefinition(parsed.value);
  if (!shape.ok) return text(400, `Invalid content source definition: ${shape.message}`);
  const outcome = await repo.putTypes(id, shape.value);
  switch (outcome.kind) {
    case 'created':
      return empty(204, `created source ${id}`);
    case 'replaced':
      return empty(204, `replaced definition of ${id}; deleted ${outcome.wiped} items`);
    case 'limit':
      return text(403, `The account allows at most ${outcome.max} content sources: source ${id} was not created`);
    default: {
      const never: never = outcome;
      throw new Error(`unknown outcome ${JSON.stringify(never)}`);
    }
  }
}

/** POST types: replace the listed content types, set the source-level fields given; only after a PUT. */
export async function postTypes(repo: Repository, id: string, body: Buffer): Promise<Reply> {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) return parsed.reply;
  const shape = checkPartialBody(parsed.value);
  if (!shape.ok) return text(400, `Invalid partial update: ${shape.message}`);
  const outcome = await repo.postTypes(id, shape.value);
  switch (outcome.kind) {
    case 'merged':
      return empty(204, `updated ${Object.keys(shape.value.contentTypes ?? {}).length} content types of ${id}`);
    case 'missing':
      return text(404, `Content source ${id} does not exist: a full update (PUT) must come first`);
    case 'invalid':
      return text(400, `Invalid partial update: ${outcome.message}`);
    default: {
      const never: never = outcome;
      throw new Error(`unknown outcome ${JSON.stringify(never)}`);
    }
  }
}

/** GET types: the stored definition, or 404. */
export function getTypes(repo: Repository, id: string): Reply {
  const source = repo.store.get(id);
  if (source === undefined) return text(404, `Content source ${id} does not exist`);
  return json(200, source.definition, `definition of ${id}`);
}

/** GET types without id, or with id=default: the CMS's own content types. */
export function getCmsTypes(cms: CmsSource): Reply {
  return json(200, cms.definition, 'definition of default (the CMS)');
}
