import type { RequestLogEntry } from '../types.js';

const MAX_ENTRIES = 10_000;

/** Query parameters that carry a credential; a client that puts one in a URL should not see it in the log too. */
const SECRET_PARAMS = /([?&](?:code|client_secret|refresh_token|access_token|id_token|token|auth)=)[^&#]*/gi;

/** The request target as logged: credentials in the query replaced by "redacted". */
export function loggedTarget(target: string): string {
  return target.replace(SECRET_PARAMS, '$1redacted');
}

/** The service requests (graph, OAuth, Open API) the emulator saw: method, path, status and a short note; never a header. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  constructor(private readonly onEntry: ((entry: RequestLogEntry) => void) | undefined) {}

  add(entry: Omit<RequestLogEntry, 'seq'>): void {
    const full: RequestLogEntry = { seq: ++this.seq, ...entry, path: loggedTarget(entry.path) };
    this.entries.push(full);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    this.onEntry?.(full);
  }

  list(): RequestLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
