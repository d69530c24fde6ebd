import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator } from '../helpers/emulator.js';

// The service's GraphiQL is at /app/graphiql?auth=KEY; the emulator serves its own, built
// by `npm run build` into dist/graphiql/, and every request the page makes stays on it.

const built = path.resolve(import.meta.dirname, '../../dist/graphiql/graphiql.js');

beforeAll(() => {
  if (!existsSync(built)) throw new Error('dist/graphiql/ is missing: run `npm run build` before this test');
});

describe('the GraphiQL page', () => {
  it('serves the page, its script and styles from the emulator, under a policy that allows nothing else', async () => {
    const emulator = await startTestEmulator();
    const page = await fetch(`${emulator.url}/app/graphiql?auth=${emulator.singleKey}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = page.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "font-src data:"]) expect(policy).toContain(directive);
    expect(policy, 'no other origin may be named').not.toMatch(/https?:/);
    const html = await page.text();
    expect(html).not.toContain(emulator.singleKey);
    const resources = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(resources.sort()).toEqual(['/app/graphiql/graphiql.css', '/app/graphiql/graphiql.js']);
    for (const resource of resources) {
      const answer = await fetch(new URL(resource, emulator.url));
      expect(answer.status, `${resource} must be served by the emulator`).toBe(200);
      expect(answer.headers.get('content-type')).toBe(resource.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      const body = await answer.text();
      expect(body.length).toBeGreaterThan(10_000);
      // Nothing loaded from a CDN: no import or stylesheet from another origin, fonts inline.
      expect(body).not.toMatch(/unpkg\.com|jsdelivr|esm\.sh|cdnjs|fonts\.googleapis/);
      expect(body).not.toMatch(/@import|url\(\s*["']?https?:/);
    }
  });

  it("sends its queries to the emulator's content endpoint with the key from ?auth=", async () => {
    const emulator = await startTestEmulator();
    const script = await (await fetch(`${emulator.url}/app/graphiql/graphiql.js`)).text();
    expect(script).toContain('/content/v2');
    expect(script).toContain('epi-single ');
    expect(script).toContain('location.origin');
    // GraphiQL with its schema explorer (the documentation pane) is in the bundle.
    expect(script).toContain('graphiql-doc-explorer');
  });
});
