import { isRecord } from '../model/is-record.js';
import type { SourceInfo } from './types.js';

/**
 * The answer of GET /api/content/v3/sources, in either form the public record shows: the
 * array the published clients iterate (`[{id, label, description, languages}]`) or the
 * map the OpenAPI file describes (`{"<id>": {label, description, languages}}`). Unknown
 * fields are ignored; `label` and `description` may be null or absent (a source created
 * without a label is a normal source: its label reads as ""). Anything else is a problem,
 * named by its path, so a half-understood answer never reaches a plan.
 */
export type SourceListRead = { ok: true; sources: SourceInfo[] } | { ok: false; problem: string };

class Problem extends Error {}

export function readSourceList(value: unknown): SourceListRead {
  try {
    return { ok: true, sources: sources(value) };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, problem: error.message };
    throw error;
  }
}

function sources(value: unknown): SourceInfo[] {
  if (Array.isArray(value)) return value.map((item, index) => source(item, `[${index}]`, undefined));
  if (!isRecord(value)) throw new Problem('the answer is neither a list of sources nor a map of id to source');
  // One bare source object is neither form; reading its fields as ids would mislead.
  if (typeof value.id === 'string' && (typeof value.label === 'string' || Array.isArray(value.languages))) {
    throw new Problem('the answer is a single source, not a list or a map of sources');
  }
  return Object.entries(value).map(([id, item]) => source(item, id, id));
}

function source(value: unknown, path: string, idFromKey: string | undefined): SourceInfo {
  if (!isRecord(value)) throw new Problem(`${path} is not an object`);
  const id = idFromKey ?? value.id;
  if (typeof id !== 'string' || id === '') throw new Problem(`${path}.id is not a non-empty string`);
  const { label, languages, description } = value;
  if (label !== undefined && label !== null && typeof label !== 'string') throw new Problem(`${path}.label is not a string`);
  if (!Array.isArray(languages) || !languages.every((l) => typeof l === 'string')) throw new Problem(`${path}.languages is not a list of strings`);
  if (description !== undefined && description !== null && typeof description !== 'string') throw new Problem(`${path}.description is not a string`);
  const info: SourceInfo = { id, label: typeof label === 'string' ? label : '', languages: [...languages] };
  if (typeof description === 'string') info.description = description;
  return info;
}
