import { createTwoFilesPatch } from 'diff/lib/patch/create.js';
import { SOURCES_POST_KINDS } from '../plan/action-rules.js';
import { revertChanges } from '../diff/patch.js';
import { ownValue, recordFrom } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { wireDefinition, wirePartialBody } from '../model/wire.js';
import type { PlanRequest, PlanSource } from '../plan/types.js';

export interface RequestBodyDiff {
  request: PlanRequest;
  /** A unified diff of the body against what it replaces. */
  patch: string;
}

/**
 * Each request body of a source against what it replaces. The applied side is rebuilt
 * from the body by reverting the plan's changes, so a plan file alone is enough. A POST
 * types is compared with the same content types as applied; a POST sources with the
 * label and description before. A DELETE has no body to show.
 */
export function requestBodyDiffs(source: PlanSource): RequestBodyDiff[] {
  const typeChanges = source.changes.filter((c) => c.kind !== 'source.descriptionChanged');
  return source.requests.flatMap((request): RequestBodyDiff[] => {
    switch (request.kind) {
      case 'sources.delete':
        return [];
      case 'types.put': {
        const before = revertChanges(request.body, typeChanges);
        return [{ request, patch: patch(source.id, request, before === undefined ? undefined : wireDefinition(before), wireDefinition(request.body)) }];
      }
      case 'types.post': {
        const applied = revertChanges({ ...request.body, label: '' }, typeChanges);
        const before =
          applied === undefined
            ? undefined
            : wirePartialBody({ ...request.body, languages: applied.languages, contentTypes: pick(applied, Object.keys(request.body.contentTypes)) });
        return [{ request, patch: patch(source.id, request, before, wirePartialBody(request.body)) }];
      }
      case 'sources.post': {
        const before = { ...request.body };
        for (const change of source.changes.filter((c) => SOURCES_POST_KINDS.has(c.kind))) {
          if (change.kind === 'source.labelChanged') before.label = String(change.before ?? '');
          else before.description = String(change.before ?? '');
        }
        return [{ request, patch: patch(source.id, request, before, request.body) }];
      }
      default: {
        const unreachable: never = request;
        return unreachable;
      }
    }
  });
}

function patch(id: string, request: PlanRequest, before: unknown, after: unknown): string {
  const text = (value: unknown): string => (value === undefined ? '' : `${JSON.stringify(value, null, 2)}\n`);
  return createTwoFilesPatch(
    `${id} (applied)`,
    `${id} (${request.method} ${request.kind.split('.')[0] ?? ''} body)`,
    text(before),
    text(after),
    undefined,
    undefined,
    {
      context: 3,
      headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true },
    },
  );
}

function pick(definition: SourceDefinition, names: readonly string[]): SourceDefinition['contentTypes'] {
  return recordFrom(
    names.flatMap((name) => {
      const contentType = ownValue(definition.contentTypes, name);
      return contentType === undefined ? [] : [[name, contentType] as const];
    }),
  );
}
