import { isRecord } from '../graph/own.js';

/** The sources API's POST body. */
export interface SourceLabels {
  label: string;
  description: string;
}

const FIELDS = ['label', 'description'];

/** Exactly `{label, description}`, both strings, the label not empty; anything else says what is wrong. */
export function checkSourceBody(value: unknown): { ok: true; value: SourceLabels } | { ok: false; message: string } {
  if (!isRecord(value)) return { ok: false, message: 'the body must be a JSON object {label, description}' };
  const unknown = Object.keys(value).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined) return { ok: false, message: `unknown field ${unknown}: the body takes label and description only` };
  const label = Object.hasOwn(value, 'label') ? value.label : undefined;
  const description = Object.hasOwn(value, 'description') ? value.description : undefined;
  if (typeof label !== 'string' || label === '') return { ok: false, message: 'label is required: a non-empty string' };
  if (typeof description !== 'string') return { ok: false, message: 'description is required: a string (it may be empty)' };
  return { ok: true, value: { label, description } };
}
