import { text, type Reply } from './respond.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The JSON body of a request, or the 400 that says why it is not one. */
export function parseJsonBody(body: Buffer): { ok: true; value: unknown } | { ok: false; reply: Reply } {
  let source: string;
  try {
    source = decoder.decode(body);
  } catch {
    return { ok: false, reply: text(400, 'The request body is not valid UTF-8') };
  }
  if (source.trim() === '') return { ok: false, reply: text(400, 'The request body is empty: send it as JSON') };
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (error) {
    const why = error instanceof Error ? error.message.slice(0, 200) : 'parse error';
    return { ok: false, reply: text(400, `The request body is not valid JSON: ${why}`) };
  }
}
