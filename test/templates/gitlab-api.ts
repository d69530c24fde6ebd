import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface Note {
  id: number;
  body: string;
  system: boolean;
}

export interface SeenRequest {
  method: string;
  path: string;
  token: string | undefined;
  /** The form field `body` of a POST or PUT. */
  body: string | undefined;
}

/**
 * The part of GitLab's REST API the pipeline's note step uses: a merge request's notes,
 * listed a page at a time (per_page, page, x-next-page), created by POST and edited by PUT,
 * each with a form-encoded `body`, behind a PRIVATE-TOKEN.
 */
export async function startGitlabApi(options: { token: string; projectId: string; mergeRequestIid: string }) {
  const notes: Note[] = [];
  const seen: SeenRequest[] = [];
  const base = `/api/v4/projects/${options.projectId}/merge_requests/${options.mergeRequestIid}/notes`;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const token = req.headers['private-token'] as string | undefined;
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('body') ?? undefined;
      seen.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, token, body });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}): void =>
        void res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
      if (token !== options.token) return json(401, { message: '401 Unauthorized' });
      if (url.pathname === base && req.method === 'GET') {
        const perPage = Number(url.searchParams.get('per_page') ?? 20);
        const page = Number(url.searchParams.get('page') ?? 1);
        const next = page * perPage < notes.length ? String(page + 1) : '';
        return json(200, notes.slice((page - 1) * perPage, page * perPage), { 'X-Next-Page': next });
      }
      if (url.pathname === base && req.method === 'POST' && body !== undefined) {
        const note = { id: 1000 + notes.length, body, system: false };
        notes.push(note);
        return json(201, note);
      }
      const id = url.pathname.startsWith(`${base}/`) ? Number(url.pathname.slice(base.length + 1)) : NaN;
      const note = notes.find((n) => n.id === id);
      if (req.method === 'PUT' && note !== undefined && body !== undefined) {
        note.body = body;
        return json(200, note);
      }
      return json(404, { message: '404 Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`, notes, seen };
}
