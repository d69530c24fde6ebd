import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** The i-th generated item: languages and content types alternate so counts are predictable. */
export function generatedItem(i: number): Record<string, unknown> {
  const language = i % 2 === 0 ? 'en' : 'sv';
  const service = i % 5 === 0;
  return {
    Id: `g${i}`,
    Name: `Generated ${i} ${'lorem ipsum '.repeat(i % 7)}`.trim(),
    ...(service ? { Hours: (i % 40) / 2 } : { Quantity: i % 1000, Price: i / 100, Size: { Width: i % 13, Height: i % 17 }, Tags: [`t${i % 3}`, `u${i % 11}`] }),
    ContentType: ['Item', service ? 'Service' : 'Product'],
    Language: { Name: language, DisplayName: language === 'en' ? 'English' : 'Svenska' },
    Status: 'Published',
    _rbac: 'r:Everyone:Read',
  };
}

export function expectedCounts(count: number): { byLanguage: Record<string, number>; byContentType: Record<string, number> } {
  const byLanguage: Record<string, number> = { en: 0, sv: 0 };
  const byContentType: Record<string, number> = { Product: 0, Service: 0 };
  for (let i = 0; i < count; i++) {
    byLanguage[i % 2 === 0 ? 'en' : 'sv']! += 1;
    byContentType[i % 5 === 0 ? 'Service' : 'Product']! += 1;
  }
  return { byLanguage, byContentType };
}

/** Writes `count` items in the wire form, respecting the stream's backpressure. */
export async function writeWireFile(file: string, count: number, item: (i: number) => Record<string, unknown> = generatedItem): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    const data = item(i);
    const language = (data.Language as { Name: string }).Name;
    if (!out.write(`{"index":{"_id":"${String(data.Id)}","language_routing":"${language}"}}\n${JSON.stringify(data)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
