import { BodyLines } from '../server/body-lines.js';
import type { Repository } from '../server/repository.js';
import { text } from '../server/respond.js';
import { withoutUnindexed } from '../server/unindexed.js';
import { mediaType, withoutBody, withWholeBody, type RouteHandler, type RouteTable } from '../server/route-table.js';
import { CMS_SOURCE_ID, type CmsSource } from '../sources/cms.js';
import { DataBatchParser } from './data-batch.js';
import { pushData, purgeData } from './routes-data.js';
import { getCmsTypes, getTypes, postTypes, putTypes } from './routes-types.js';
import { explicitSourceId } from './source-id-param.js';

export interface GraphServiceDeps {
  repo: Repository;
  cms: CmsSource;
  maxLineBytes: number;
}

/**
 * The contract's text/plain, the published file's application/json, and what published
 * clients send (application/x-ndjson); application/ndjson is the registered name of the same.
 */
const DATA_MEDIA_TYPES = ['text/plain', 'application/json', 'application/x-ndjson', 'application/ndjson'];

/**
 * The types and data endpoints. Every write needs an explicit custom source id; a GET of
 * types without one (or with id=default) answers the CMS's own content types, as the
 * service does.
 */
export function graphRoutes(deps: GraphServiceDeps): RouteTable {
  const { repo } = deps;

  const getTypesRoute = withoutBody((_req, url) => {
    const ids = url.searchParams.getAll('id');
    if (ids.length === 0 || (ids.length === 1 && (ids[0] === '' || ids[0] === CMS_SOURCE_ID))) return getCmsTypes(deps.cms);
    const id = explicitSourceId(url);
    return id.ok ? getTypes(repo, id.id) : id.reply;
  });

  const typesWrite = (write: typeof putTypes): RouteHandler =>
    withWholeBody((req, url, body) => {
      const id = explicitSourceId(url);
      if (!id.ok) return id.reply;
      if (mediaType(req) !== 'application/json') return text(415, 'The types endpoints take Content-Type: application/json');
      return write(repo, id.id, body);
    });

  /**
   * NDJSON is split and parsed line by line as it arrives. A data request is applied all or
   * nothing, so its data lines are kept until the body ends: it costs about its body size
   * in memory (maxBodyBytes).
   */
  const pushRoute: RouteHandler = (req, url) => {
    const id = explicitSourceId(url);
    const parser = new DataBatchParser();
    const lines = id.ok
      ? new BodyLines(
          deps.maxLineBytes,
          (line, n) => parser.line(line, n),
          (n) => parser.tooLong(n, deps.maxLineBytes),
        )
      : undefined;
    return {
      sink: (chunk) => lines?.push(chunk),
      answer: () => {
        lines?.end();
        if (!id.ok) return id.reply;
        if (!DATA_MEDIA_TYPES.includes(mediaType(req)))
          return text(415, 'The data endpoint takes NDJSON as Content-Type: text/plain, application/json or application/x-ndjson');
        const { batch, left } = withoutUnindexed(req, parser.finish());
        return left === 0
          ? pushData(repo, id.id, batch)
          : pushData(repo, id.id, batch).then((reply) => ({ ...reply, note: `${reply.note}, fault: left ${left} unindexed` }));
      },
    };
  };

  const purgeRoute = withoutBody((_req, url) => {
    const id = explicitSourceId(url);
    if (!id.ok) return id.reply;
    return purgeData(repo, id.id, url.searchParams.has('languages') ? url.searchParams.getAll('languages') : 'all');
  });

  return new Map([
    [
      '/api/content/v3/types',
      new Map([
        ['GET', getTypesRoute],
        ['PUT', typesWrite(putTypes)],
        ['POST', typesWrite(postTypes)],
      ]),
    ],
    [
      '/api/content/v2/data',
      new Map([
        ['POST', pushRoute],
        ['DELETE', purgeRoute],
      ]),
    ],
  ]);
}
