import type { SourceDeclaration } from '../../model/types.js';
import { withPending } from '../../state/state.js';
import type { StateBackend } from '../../state/types.js';
import type { WorkflowHost } from '../host.js';

/**
 * After a successful `data push`, clears a re-push that an interrupted apply left pending,
 * but only when the push sent the source's declared `data:` files and no snapshot of kept
 * items is pending too: a push of other files, or of the data: files alone, does not bring
 * back every item the full update deleted. Called while holding the lock.
 */
export async function clearPendingAfterPush(host: WorkflowHost, backend: StateBackend, declaration: SourceDeclaration, declaredFiles: boolean): Promise<void> {
  const state = await backend.read();
  if (state === undefined || !Object.hasOwn(state.sources, declaration.id) || state.sources[declaration.id]?.pending === undefined) return;
  const keep = state.sources[declaration.id]?.pending?.keep;
  if (keep !== undefined) {
    // The data: files are not all the full update deleted: clearing the marker would forget the snapshot's items.
    host.report({
      kind: 'info',
      text:
        `Note: state still records a pending restore for source ${declaration.id}: ` +
        `the ${keep.items} items kept in ${keep.snapshot}; \`graphform data restore ${keep.snapshot}\` or \`graphform apply\` pushes them.`,
    });
    return;
  }
  if (!declaredFiles) {
    host.report({
      kind: 'info',
      text:
        `Note: state still records a pending re-push for source ${declaration.id}; ` +
        `it is cleared by pushing its declared data: files (\`graphform data push ${declaration.id}\` without file names) or by \`graphform apply\`.`,
    });
    return;
  }
  await backend.write(withPending(state, declaration.id, undefined));
  host.report({ kind: 'info', text: `Cleared the pending re-push of source ${declaration.id} in state: its declared data: files are all pushed.` });
}
