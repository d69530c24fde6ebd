import { httpStateClient, isSuccess, type HttpStateClientOptions } from './http-state-client.js';
import type { CompanionStore } from './types.js';

/**
 * Companions of a state on a Terraform http backend server: each at the state's address
 * with its last path segment (the state's name, as GitLab's /terraform/state/:name has it)
 * replaced by the companion's name, query kept (a token there is the state's too). Any
 * server of the protocol accepts them, since each is just another state: GET reads it,
 * POST writes it (unlocked: no other run writes it), DELETE purges it.
 */
export function createCompanionStore(options: Omit<HttpStateClientOptions, 'lockAddress' | 'unlockAddress'>): CompanionStore {
  const client = httpStateClient({ ...options, lockAddress: options.address, unlockAddress: options.address });
  const own = stateName(client.address);
  const url = (name: string): string => companionAddress(client.address, name);
  return {
    description: client.where,
    nameFor: (suffix) => `${own}-${suffix}`,
    async put(name, body) {
      const response = await client.send('POST', url(name), body);
      if (!isSuccess(response.status)) throw client.fail(response, 'POST', url(name));
    },
    async get(name) {
      const response = await client.send('GET', url(name));
      if (response.status === 404 || response.status === 204) return undefined;
      if (response.status !== 200) throw client.fail(response, 'GET', url(name));
      return response.text.trim() === '' ? undefined : response.text;
    },
    async remove(name) {
      const response = await client.send('DELETE', url(name));
      if (isSuccess(response.status) || response.status === 404) return;
      // A server without DELETE keeps a small tombstone instead of the part: nothing of the items stays.
      if (response.status === 405 || response.status === 501) {
        const tombstone = await client.send('POST', url(name), JSON.stringify({ graphformSnapshot: 1, serial: 0, removed: true }));
        if (isSuccess(tombstone.status)) return;
        throw client.fail(tombstone, 'POST', url(name));
      }
      throw client.fail(response, 'DELETE', url(name));
    },
  };
}

/** The state's own name: the last non-empty segment of its address's path ("state" when it has none). */
export function stateName(address: string): string {
  const segments = new URL(address).pathname.split('/').filter((s) => s !== '');
  const last = segments.at(-1);
  return last === undefined ? 'state' : decodeURIComponent(last);
}

/** The address of companion `name`: the state's address with `name` in place of its last path segment. */
export function companionAddress(address: string, name: string): string {
  const url = new URL(address);
  const segments = url.pathname.split('/');
  let index = segments.length - 1;
  while (index > 0 && segments[index] === '') index--;
  const encoded = encodeURIComponent(name);
  if (index === 0) url.pathname = `/${encoded}`;
  else {
    segments[index] = encoded;
    url.pathname = segments.join('/');
  }
  return url.toString();
}
