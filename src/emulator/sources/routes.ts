import { parseJsonBody } from '../server/json-body.js';
import type { Repository } from '../server/repository.js';
import { empty, json, text, type Reply } from '../server/respond.js';
import { mediaType, withoutBody, withWholeBody, type RouteTable } from '../server/route-table.js';
import { cmsListEntry, listEntry, type CmsSource, type SourceListEntry } from './cms.js';
import { describeDelete, parseDeleteMode } from './delete-mode.js';
import { checkSlot } from './slot.js';
import { checkSourceBody } from './source-body.js';
import { SOURCE_NOT_FOUND, sourceTarget } from './source-target.js';

export interface SourcesServiceDeps {
  repo: Repository;
  cms: CmsSource;
}

const notFound = (): Reply => text(404, SOURCE_NOT_FOUND);

/**
 * The sources API: list (the CMS's `default` first, then the custom sources in id order),
 * set label and description, delete by mode. The CMS's own source is listed but never
 * written. A DELETE without id acts on every custom source, as the service's does.
 */
export function sourcesRoutes(deps: SourcesServiceDeps): RouteTable {
  const { repo, cms } = deps;
  const entry = (id: string): SourceListEntry | undefined => {
    const source = repo.store.get(id);
    return source === undefined ? undefined : listEntry(id, source.definition);
  };

  const list = withoutBody((_req, url) => {
    const target = sourceTarget(url);
    if (target.kind === 'bad') return target.reply;
    const slot = checkSlot(url);
    if (slot !== undefined) return slot;
    switch (target.kind) {
      case 'all':
        return json(200, [cmsListEntry(cms), ...repo.store.ids().flatMap((id) => entry(id) ?? [])], 'listed all sources');
      case 'cms':
        return json(200, [cmsListEntry(cms)], 'listed default (the CMS)');
      case 'one': {
        const found = entry(target.id);
        return found === undefined ? notFound() : json(200, [found], `listed ${target.id}`);
      }
      case 'unknown':
        return notFound();
      default: {
        const never: never = target;
        throw new Error(`unknown target ${JSON.stringify(never)}`);
      }
    }
  });

  const describe = withWholeBody(async (req, url, body) => {
    const target = sourceTarget(url);
    if (target.kind === 'bad') return target.reply;
    const slot = checkSlot(url);
    if (slot !== undefined) return slot;
    switch (target.kind) {
      case 'all':
        return text(400, 'The id query parameter is required: name the content source whose label and description to set');
      case 'cms':
        return text(400, "default is the CMS's own source: its label and description are not set through this API");
      case 'unknown':
        return notFound();
      case 'one': {
        if (mediaType(req) !== 'application/json') return text(415, 'The sources endpoint takes Content-Type: application/json');
        const parsed = parseJsonBody(body);
        if (!parsed.ok) return parsed.reply;
        const checked = checkSourceBody(parsed.value);
        if (!checked.ok) return text(400, `Invalid source update: ${checked.message}`);
        const outcome = await repo.describe(target.id, checked.value.label, checked.value.description);
        return outcome.kind === 'updated' ? empty(204, `set label and description of ${target.id}`) : notFound();
      }
      default: {
        const never: never = target;
        throw new Error(`unknown target ${JSON.stringify(never)}`);
      }
    }
  });

  const remove = withoutBody(async (_req, url) => {
    const target = sourceTarget(url);
    const mode = parseDeleteMode(url);
    if (target.kind === 'bad') return target.reply;
    if (!mode.ok) return mode.reply;
    // Checked before anything is deleted: slot=new must never reach the live source.
    const slot = checkSlot(url);
    if (slot !== undefined) return slot;
    const did = describeDelete(mode.mode);
    switch (target.kind) {
      case 'cms':
        return text(400, "default is the CMS's own source: it is not deleted through this API");
      case 'unknown':
        return notFound();
      case 'one': {
        const outcome = await repo.deleteSources([target.id], mode.mode);
        if (outcome.kind === 'missing') return notFound();
        return text(200, `Source ${target.id}: ${did}`, `${target.id}: ${did}, ${outcome.items} items`);
      }
      case 'all': {
        const outcome = await repo.deleteSources('all', mode.mode);
        const ids = outcome.kind === 'deleted' ? outcome.ids : [];
        const items = outcome.kind === 'deleted' ? outcome.items : 0;
        // The request a careful client never sends: say so loudly in the request log.
        const note = `NO id: acted on ALL ${ids.length} sources${ids.length === 0 ? '' : ` (${ids.join(', ')})`}: ${did}, ${items} items`;
        return text(200, `All ${ids.length} sources: ${did}`, note);
      }
      default: {
        const never: never = target;
        throw new Error(`unknown target ${JSON.stringify(never)}`);
      }
    }
  });

  return new Map([
    [
      '/api/content/v3/sources',
      new Map([
        ['GET', list],
        ['POST', describe],
        ['DELETE', remove],
      ]),
    ],
  ]);
}
