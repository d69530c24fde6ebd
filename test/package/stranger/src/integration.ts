// An integration-test helper: an emulator of the graph service with the declarations
// applied, a config pointing at it for the workflows, and a GraphQL client; closed after.
import { apply, dataPush, nodeHost, startEmulator, type GraphformConfig, type RunningEmulator, type WorkflowHost } from 'graphform';

export interface EmulatedGraph {
  emulator: RunningEmulator;
  config: GraphformConfig;
  host: WorkflowHost;
  query<T>(query: string): Promise<T>;
}

export async function withEmulatedGraph<R>(test: (graph: EmulatedGraph) => Promise<R>): Promise<R> {
  const emulator = await startEmulator({ port: 0 });
  try {
    const config: GraphformConfig = {
      sources: 'content-sources',
      defaultEnvironment: 'test',
      environments: {
        test: {
          graphUrl: emulator.url,
          auth: { scheme: 'hmac', appKey: emulator.credentials.appKey, secret: emulator.credentials.secret },
          singleKey: emulator.singleKey,
          state: { backend: 'local', path: '.graphform/state/test.json' },
        },
      },
    };
    const host = nodeHost();
    const applied = await apply({ config }, host);
    if (!applied.ok) throw new Error(`the declarations did not apply: ${applied.refused ?? applied.outcomes.map((o) => `${o.id} ${o.status}`).join(', ')}`);
    const query = async <T>(text: string): Promise<T> => {
      const response = await fetch(`${emulator.url}/content/v2?auth=${emulator.singleKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: text }),
      });
      const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
      if (body.errors !== undefined || body.data === undefined) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
      return body.data;
    };
    return await test({ emulator, config, host, query });
  } finally {
    await emulator.close();
  }
}

// The helper in use: push one more file and read the items back through GraphQL.
await withEmulatedGraph(async ({ config, host, query }) => {
  const pushed = await dataPush({ config, source: 'art', files: ['data/more.ndjson'] }, host);
  console.log(`pushed ${pushed.summary.itemsSent}, served ${pushed.served?.served}`);
  const data = await query<{ Article: { total: number; items: { Title: string }[] } }>('{ Article(locale: en) { total items { Title } } }');
  console.log(
    `${data.Article.total} articles in en: ${data.Article.items
      .map((i) => i.Title)
      .sort()
      .join(', ')}`,
  );
});
