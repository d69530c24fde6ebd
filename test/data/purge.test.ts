import { describe, expect, it } from 'vitest';
import { purge } from '../../src/data/purge.js';
import { createGraphClient } from '../../src/graph/client.js';
import { RecordingClient } from './recording-client.js';

describe('purge', () => {
  it('asks the client once per language', async () => {
    const client = new RecordingClient();
    await purge(client, 'shop', ['en', 'sv', 'en']);
    expect(client.purges).toEqual([{ id: 'shop', languages: ['en', 'sv'] }]);
  });

  // The graph client refuses a purge without languages before any request: that refusal is
  // the one message for it, whoever calls (the CLI checks its own flags before this).
  it.each([[[]], [['en', ' ']]])('leaves the refusal of %j to the graph client', async (languages) => {
    const client = createGraphClient({ baseUrl: 'http://127.0.0.1:9', auth: { scheme: 'basic', appKey: 'k', secret: 's' } });
    await expect(purge(client, 'shop', languages)).rejects.toMatchObject({
      code: 'GF_GRAPH_BAD_REQUEST',
      message: 'Refusing to purge source shop without a list of languages',
    });
  });
});
