import type { IncomingMessage } from 'node:http';
import { collector, readBody } from './body.js';
import { json, text, type Reply } from './respond.js';
import type { EmulatorMarketing } from '../types.js';

export const MARKETING_ENDPOINTS = ['GET /_emulator/apps', 'GET /_emulator/tokens', 'GET /_emulator/assets', 'GET|POST /_emulator/clock'];

const MAX_CLOCK_BODY = 1024;
const MAX_ADVANCE_MS = 10 * 365 * 24 * 3_600_000;

function clock(marketing: EmulatorMarketing): Reply {
  return json(200, { now: new Date(marketing.now()).toISOString() });
}

/** POST /_emulator/clock {"advanceMs": N}: moves the authorization server's clock forward. */
async function advance(req: IncomingMessage, marketing: EmulatorMarketing): Promise<Reply> {
  const kept = collector();
  const body = await readBody(req, MAX_CLOCK_BODY, kept.sink);
  if (body.kind !== 'complete') return text(413, `A clock request body is at most ${MAX_CLOCK_BODY} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(kept.bytes().toString('utf8'));
  } catch {
    return text(400, 'Send {"advanceMs": <milliseconds>} as JSON');
  }
  const advanceMs = (value as { advanceMs?: unknown } | null)?.advanceMs;
  if (typeof advanceMs !== 'number' || !Number.isSafeInteger(advanceMs) || advanceMs < 0 || advanceMs > MAX_ADVANCE_MS) {
    return text(400, `advanceMs must be a whole number of milliseconds from 0 to ${MAX_ADVANCE_MS} (the clock only moves forward)`);
  }
  await marketing.advanceClock(advanceMs);
  return clock(marketing);
}

/** The marketing platform's part of /_emulator/: apps (never a secret), token counts, assets, clock. */
export async function handleMarketingInspection(req: IncomingMessage, view: string, marketing: EmulatorMarketing): Promise<Reply | undefined> {
  const method = req.method ?? '';
  switch (view) {
    case 'apps':
      return method === 'GET' ? json(200, marketing.apps()) : text(405, 'Only GET is allowed here');
    case 'tokens':
      return method === 'GET' ? json(200, marketing.tokens()) : text(405, 'Only GET is allowed here');
    case 'assets':
      return method === 'GET' ? json(200, marketing.assets()) : text(405, 'Only GET is allowed here');
    case 'clock':
      if (method === 'GET') return clock(marketing);
      return method === 'POST' ? advance(req, marketing) : text(405, 'Use GET or POST');
    default:
      return undefined;
  }
}
