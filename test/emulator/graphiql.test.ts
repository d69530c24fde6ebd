import { existsSync } from 'node:fs';
import path from 'node:path';
import { JSDOM, ResourceLoader, VirtualConsole, type DOMWindow, type FetchOptions } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphClientFor, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';

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
    for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", 'font-src data:']) expect(policy).toContain(directive);
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

  it('runs in a DOM: loads only from the emulator, introspects /content/v2 with the key, and its explorer shows the schema', async () => {
    const emulator = await startTestEmulator();
    await graphClientFor(emulator, { scheme: 'basic' }).putTypes('shop', sampleDefinition());
    const requested: string[] = [];
    let onIntrospection: (answer: Introspected) => void = () => undefined;
    const introspected = new Promise<Introspected>((resolve) => (onIntrospection = resolve));
    class Recording extends ResourceLoader {
      override fetch(url: string, options: FetchOptions): ReturnType<ResourceLoader['fetch']> {
        requested.push(url);
        return super.fetch(url, options);
      }
    }
    const problems: string[] = [];
    const virtualConsole = new VirtualConsole();
    virtualConsole.on('jsdomError', (error) => problems.push(error.message));
    const dom = await JSDOM.fromURL(`${emulator.url}/app/graphiql?auth=${emulator.singleKey}`, {
      runScripts: 'dangerously',
      resources: new Recording(),
      pretendToBeVisual: true,
      virtualConsole,
      beforeParse: (window) => browserApis(window, requested, onIntrospection),
    });
    try {
      const answer = await introspected;
      expect(answer.status).toBe(200);
      expect(answer.authorization).toBe(`epi-single ${emulator.singleKey}`);
      expect(answer.body.data?.__schema, 'the explorer introspects the schema').toBeDefined();
      const document = dom.window.document;
      document.querySelector('[aria-label="Show Documentation Explorer"]')?.click();
      await textAppears(dom.window, 'Query');
      expect(document.querySelector('.graphiql-doc-explorer')?.textContent).toContain('Query');
      expect(requested.length).toBeGreaterThanOrEqual(4);
      expect(
        requested.filter((url) => !url.startsWith(`${emulator.url}/`)),
        'every request of the page stays on the emulator',
      ).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      dom.window.close();
    }
  });
});

/** The page's introspection request as the emulator answered it. */
interface Introspected {
  status: number;
  authorization: string;
  body: { data?: { __schema?: unknown } };
}

/**
 * What a browser has and jsdom lacks: fetch (Node's, recording each URL and handing on the
 * answer to the introspection query), matchMedia, and the layout methods of Range that
 * CodeMirror measures text with (no layout in jsdom: zero boxes).
 */
function browserApis(window: DOMWindow, requested: string[], onIntrospection: (answer: Introspected) => void): void {
  const box = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Object.assign(window.Range.prototype, { getBoundingClientRect: () => box, getClientRects: () => Object.assign([], { item: () => null }) });
  Object.assign(window, {
    matchMedia: () => ({
      matches: false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }),
    fetch: async (input: string, init: RequestInit) => {
      requested.push(String(input));
      const response = await fetch(input, init);
      const body = typeof init.body === 'string' ? init.body : '';
      if (body.includes('IntrospectionQuery')) {
        const copy = response.clone();
        onIntrospection({
          status: copy.status,
          authorization: new Headers(init.headers).get('authorization') ?? '',
          body: (await copy.json()) as { data?: { __schema?: unknown } },
        });
      }
      return response;
    },
  });
}

/** Resolves once the page's text contains `text` (a DOM change, not a timer), or fails after 10 s. */
function textAppears(window: DOMWindow, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const explorer = (): string => window.document.querySelector('.graphiql-doc-explorer')?.textContent ?? '';
    if (explorer().includes(text)) return resolve();
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the documentation explorer never showed ${text}: ${explorer().slice(0, 200)}`));
    }, 10_000);
    const observer = new window.MutationObserver(() => {
      if (!explorer().includes(text)) return;
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    });
    observer.observe(window.document.body, { childList: true, subtree: true, characterData: true });
  });
}
