import { readFile } from 'node:fs/promises';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { EmulatorAsset } from '../../src/emulator/types.js';

/** GET on the emulator's Open API with a bearer token: status, JSON body, headers. */
export async function openApiGet(
  emulator: RunningEmulator,
  token: string,
  path: string,
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const url = path.startsWith('http') ? path : `${emulator.url}${path}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

/** `label=` as the published example writes it: URL-encoded JSON {group, values} of ids. */
export function labelParam(group: string, values: readonly string[]): string {
  return `label=${encodeURIComponent(JSON.stringify({ group, values }))}`;
}

/** The published order: newest modified_at first. */
export function newestFirst(assets: readonly EmulatorAsset[]): EmulatorAsset[] {
  return [...assets].sort((a, b) => Date.parse(b.modified_at) - Date.parse(a.modified_at));
}

/** The copies of the published schemas the contract tests validate against (test/fixtures/published). */
export async function publishedSchemas(): Promise<{
  definitions: Record<string, object>;
  queryParameters: Record<string, object>;
  securitySchemes: Record<string, unknown>;
}> {
  const text = await readFile(new URL('../fixtures/published/cmp-assets-schemas.json', import.meta.url), 'utf8');
  return JSON.parse(text) as { definitions: Record<string, object>; queryParameters: Record<string, object>; securitySchemes: Record<string, unknown> };
}
