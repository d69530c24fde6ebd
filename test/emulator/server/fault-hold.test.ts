import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { graphClientFor, sampleDefinition, startTestEmulator } from '../../helpers/emulator.js';
import { rawRequest } from '../../helpers/raw-graph.js';

/** Settles within this test: a promise still pending when the check runs is reported as such. */
async function settledNow<T>(promise: Promise<T>): Promise<'pending' | 'settled'> {
  const pending = Symbol('pending');
  // setImmediate runs after the I/O callbacks of this loop turn, so a response already received has been handled.
  const marker = new Promise<typeof pending>((resolve) => setImmediate(() => resolve(pending)));
  return (await Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    marker,
  ])) === pending
    ? 'pending'
    : 'settled';
}

describe('fault rule hold: a request kept in flight until the test lets it go', () => {
  it('holds matching requests, tells when they arrived, and serves them once released', async () => {
    const emulator = await startTestEmulator();
    await graphClientFor(emulator).putTypes('shop', sampleDefinition());
    const hold = emulator.faults.add({ method: 'GET', pathPrefix: '/api/content/v3/types', hold: true, count: 2 });
    expect(hold).toMatchObject({ hold: true, remaining: 2, held: 0 });

    const first = rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' });
    const second = rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' });
    await emulator.faults.held(hold.id, 2);
    // Spent but still holding: it stays listed with its count until released.
    expect(emulator.faults.list()).toMatchObject([{ id: hold.id, remaining: 0, held: 2 }]);
    // A third request finds the rule spent and is served at once; the held two still wait.
    expect((await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' })).status).toBe(200);
    expect(await settledNow(first)).toBe('pending');
    expect(emulator.inspect.requests().filter((r) => r.method === 'GET')).toHaveLength(1);

    expect(emulator.faults.release(hold.id)).toBe(true);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(emulator.faults.list()).toEqual([]);
    expect(emulator.faults.release(hold.id)).toBe(false);
  });

  it('applies the rest of the rule after the release, and clear() releases too', async () => {
    const emulator = await startTestEmulator();
    const hold = emulator.faults.add({ hold: true, status: 503 });
    const answered = rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' });
    await emulator.faults.held(hold.id);
    emulator.faults.release(hold.id);
    expect((await answered).status).toBe(503);

    const cleared = emulator.faults.add({ hold: true });
    const waiting = rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' });
    await emulator.faults.held(cleared.id);
    emulator.faults.clear();
    expect((await waiting).status).toBe(404);
  });

  it('rejects a wait that can no longer be met, and a wait on a rule that does not hold', async () => {
    const emulator = await startTestEmulator();
    const hold = emulator.faults.add({ hold: true });
    const never = emulator.faults.held(hold.id, 3);
    emulator.faults.release(hold.id);
    await expect(never).rejects.toThrow(`hold rule ${hold.id} was released after holding 0 of the 3 requests awaited`);
    const delay = emulator.faults.add({ delayMs: 1 });
    await expect(emulator.faults.held(delay.id)).rejects.toThrow(`no hold rule ${delay.id} is in place`);
  });

  it('is driven over the control API: POST a hold rule, see its count, release it by id', async () => {
    const emulator = await startTestEmulator();
    const post = (path: string, body: unknown): Promise<Response> =>
      fetch(`${emulator.url}/_emulator${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const [added] = (await (await post('/faults', { hold: true, pathPrefix: '/api/content/v3/types' })).json()) as { id: number }[];
    if (added === undefined) throw new Error('no rule was added');
    const answered = rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' });
    await emulator.faults.held(added.id);
    expect(await (await fetch(`${emulator.url}/_emulator/faults`)).json()).toMatchObject([{ id: added.id, hold: true, held: 1 }]);
    expect((await post(`/faults/${added.id}/release`, {})).status).toBe(204);
    expect((await answered).status).toBe(404);
    expect((await post(`/faults/${added.id}/release`, {})).status).toBe(404);
    expect((await fetch(`${emulator.url}/_emulator/faults/1/release`)).status).toBe(405);
    expect((await post('/faults', { hold: 'yes' })).status).toBe(400);
  });

  it('ends a held request when the emulator closes, so close() does not wait for a release', async () => {
    const emulator = await startEmulator({ port: 0 });
    const hold = emulator.faults.add({ hold: true });
    const dropped = rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' }).then(
      () => 'answered',
      () => 'dropped',
    );
    await emulator.faults.held(hold.id);
    await emulator.close();
    expect(await dropped).toBe('dropped');
  });
});
