import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import type { ContentEndpoint } from '../graph/content-query.js';
import { countDeletedItems, exportSourceItems, readableItemFields, type ExportOptions } from '../graph/export-items.js';
import type { SourceDeclaration, SourceDefinition } from '../model/types.js';
import { createItemValidators } from '../data/validate/item-validators.js';
import { wireNamesOf } from '../data/validate/item-schema.js';
import { KeepPass } from './keep-pass.js';
import { holdsRenamedValue } from './renamed-fields.js';
import { KeepRules } from './keep-rules.js';
import { SnapshotWriter, type SnapshotInfo } from './snapshot-file.js';
import { makeSnapshotFolder } from './snapshot-folder.js';
import type { KeepAccount } from './types.js';

export interface KeepRunInput {
  endpoint: ContentEndpoint;
  /** The same endpoint asked with the single key, when there is one: where GraphQL does not serve `_rbac` back, it tells public items from hidden ones. */
  publicEndpoint?: ContentEndpoint;
  /** What the service holds now: the items are read back by it. */
  before: SourceDefinition;
  /** What the full update sends, with its moves, conversions and keep settings. */
  declaration: SourceDeclaration;
  /** `language\nid` of the items of the source's data: files (they come back from the files). */
  dataKeys: ReadonlySet<string>;
  /** Whether keep is on for this source in this environment. */
  enabled: boolean;
  /**
   * A partial update that renames fields in data lines: it deletes nothing, so only the items
   * holding a value under a renamed field are carried over (deleted ones are left where they are).
   */
  rename?: boolean;
  /** Where to write the snapshot of the items carried over, inside the project folder `root`; absent: count only (the plan). */
  snapshot?: { file: string; root: string };
  options: ExportOptions;
}

export interface KeepRun {
  account: KeepAccount;
  /** The snapshot written, when asked for and the pass is not blocked. */
  snapshot?: SnapshotInfo;
}

/**
 * The keep step up to the point of no return: every item of the source read back through
 * GraphQL with the admin credentials, each transformed to the declaration and validated
 * as `data push` validates, and (for apply) written to a snapshot. Nothing is sent to the
 * service. Throws GraphformError when the items cannot all be read back.
 */
export async function runKeep(input: KeepRunInput): Promise<KeepRun> {
  const { declaration } = input;
  const options = { ...input.options, source: declaration.id };
  const readable = input.enabled ? await readableItemFields(input.endpoint, input.before, options) : { ok: true as const, fields: [] };
  if (!readable.ok) throw new GraphformError('GF_KEEP_EXPORT_FAILED', `the items of source ${declaration.id} cannot be read back: ${readable.reason}`);
  // Read first, whole: the pass decides each item as the admin read yields it, holding none. An
  // item whose access changes while the two reads run is carried over as the single key saw it.
  const seenByPublic =
    input.enabled && !readable.fields.includes('_rbac') && input.publicEndpoint !== undefined
      ? await (await import('../graph/visible-keys.js')).readVisibleKeys(input.publicEndpoint, input.before, options)
      : undefined;
  const pass = new KeepPass({
    sourceId: declaration.id,
    rules: new KeepRules(input.before, declaration),
    enabled: input.enabled,
    readable: readable.fields,
    defaults: declaration.keep?.defaults ?? {},
    dataKeys: input.dataKeys,
    ...(seenByPublic === undefined ? {} : { seenByPublic }),
    validators: createItemValidators(declaration.definition),
    wireNames: wireNamesOf(declaration.definition),
  });
  if (input.snapshot !== undefined) await makeSnapshotFolder(input.snapshot.root, path.dirname(input.snapshot.file), declaration.id);
  const writer = input.snapshot === undefined ? undefined : await SnapshotWriter.create(input.snapshot.file);
  try {
    const affected = input.rename === true ? holdsRenamedValue(input.before, declaration.definition) : undefined;
    for await (const item of exportSourceItems(input.endpoint, input.before, options)) {
      if (affected !== undefined && !affected(item)) continue;
      const kept = pass.accept(item);
      if (kept !== undefined && writer !== undefined) await writer.add(kept.id, kept.language, kept.line);
    }
    if (input.rename !== true) {
      const deleted = await countDeletedItems(input.endpoint, input.before, options);
      if (deleted.known) for (const pair of deleted.byPair) pass.addDeleted(pair.type, pair.language, pair.deleted);
    }
    const counted = pass.account();
    const account = input.rename === true && counted.known ? { ...counted, rename: true } : counted;
    if (writer === undefined) return { account };
    if (account.known && account.blocked) {
      await writer.discard();
      return { account };
    }
    return { account, snapshot: await writer.finish() };
  } catch (error) {
    await writer?.discard();
    throw error;
  }
}
