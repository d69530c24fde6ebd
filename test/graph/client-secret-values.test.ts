import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redact } from '../../src/http/redact.js';
import { graphClientFor } from '../helpers/emulator.js';
import { rejection } from '../helpers/graphform-error.js';
import { startNewerService } from '../helpers/newer-service.js';
import { startScriptedServer } from '../helpers/scripted-server.js';

const R = '[redacted]';

/** The client's own secret, fresh, so only the client (not the process's list) knows it. */
function freshSecret(): string {
  const secret = `graph-${randomBytes(12).toString('base64url')}`;
  expect(redact(secret)).toBe(secret);
  return secret;
}

describe('the graph client and values that hold its secret', () => {
  it('reads them as "[redacted]", and a PUT or POST sends back what the service holds there', async () => {
    const secret = freshSecret();
    const service = await startNewerService(secret);
    service.stored.set('shop', {
      label: 'Shop',
      languages: ['en'],
      webhookAuth: secret,
      contentTypes: { Page: { contentType: [], properties: {}, hook: [`Bearer ${secret}`] } },
    });
    const client = graphClientFor(service);

    const read = await client.getTypes('shop');
    if (read.status !== 'found') throw new Error(read.status);
    expect(read.definition.unknownFields).toEqual({ webhookAuth: R });
    expect(read.definition.contentTypes.Page?.unknownFields).toEqual({ hook: [R] });
    expect(read.unknown).toEqual(['contentTypes.Page.hook', 'webhookAuth']);

    await client.putTypes('shop', read.definition);
    expect(service.bodies.at(-1)).toEqual({
      method: 'PUT',
      body: { label: 'Shop', languages: ['en'], contentTypes: { Page: { contentType: [], properties: {}, hook: [`Bearer ${secret}`] } }, webhookAuth: secret },
    });
    await client.postTypes('shop', { languages: ['en'], contentTypes: {}, unknownFields: { webhookAuth: R } });
    expect(service.bodies.at(-1)).toEqual({ method: 'POST', body: { languages: ['en'], contentTypes: {}, webhookAuth: secret } });
  });

  it('refuses, sending nothing, a body with "[redacted]" where the service holds no secret', async () => {
    const secret = freshSecret();
    const service = await startNewerService(secret);
    service.stored.set('shop', { languages: ['en'], webhookAuth: 'https://hooks.example.com/plain', contentTypes: {} });
    const client = graphClientFor(service);
    const refused = await rejection(client.putTypes('shop', { languages: ['en'], contentTypes: {}, unknownFields: { webhookAuth: R } }));
    expect(refused.code).toBe('GF_GRAPH_SECRET_NOT_HELD');
    expect(refused.message).toContain('the request for source shop carries "[redacted]" at webhookAuth');
    expect(refused.details.paths).toEqual(['webhookAuth']);
    const missing = await rejection(client.putTypes('new', { languages: ['en'], contentTypes: {}, unknownFields: { webhookAuth: R } }));
    expect(missing.code).toBe('GF_GRAPH_SECRET_NOT_HELD');
    expect(service.bodies).toEqual([]);
  });

  it('reads a label that holds the secret from the sources API as "[redacted]", and POST sources sends back the one the service holds', async () => {
    const secret = freshSecret();
    const listed = JSON.stringify([{ id: 'shop', label: `Shop ${secret}`, description: 'Plain', languages: ['en'] }]);
    const server = await startScriptedServer([{ status: 200, body: listed }, { status: 200, body: listed }, { status: 204 }]);
    const client = graphClientFor({ url: server.url, credentials: { appKey: 'key', secret } });
    const source = await client.getSource('shop');
    expect(source).toEqual({ id: 'shop', label: R, description: 'Plain', languages: ['en'] });
    await client.updateSource('shop', { label: R, description: 'Plain' });
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST']);
    expect(JSON.parse(server.requests[2]?.body.toString() ?? '')).toEqual({ label: `Shop ${secret}`, description: 'Plain' });
  });
});
