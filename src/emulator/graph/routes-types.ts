import { checkFullDefinition, checkPartialBody } from './definition-shape.js';
import type { Repository } from './repository.js';
import { empty, json, text, type Reply } from './respond.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The JSON body of a types call, or the 400 that says why it is not one. */
export function parseJsonBody(body: Buffer): { ok: true; value: unknown } | { ok: false; reply: Reply } {
  let source: string;
  try {
    source = decoder.decode(body);
  } catch {
    return { ok: false, reply: text(400, 'The request body is not valid UTF-8') };
  }
  if (source.trim() === '') return { ok: false, reply: text(400, 'The request body is empty: send the definition as JSON') };
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (error) {
    const why = error instanceof Error ? error.message.slice(0, 200) : 'parse error';
    return { ok: false, reply: text(400, `The request body is not valid JSON: ${why}`) };
  }
}

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

/** POST types: replace the listed content types and set languages; only after a PUT. */
export async function postTypes(repo: Repository, id: string, body: Buffer): Promise<Reply> {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) return parsed.reply;
  const shape = checkPartialBody(parsed.value);
  if (!shape.ok) return text(400, `Invalid partial update: ${shape.message}`);
  const outcome = await repo.postTypes(id, shape.value);
  switch (outcome.kind) {
    case 'merged':
      return empty(204, `updated ${Object.keys(shape.value.contentTypes).length} content types of ${id}`);
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
