import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ItemField } from '../../emulator/types.js';
import { wireDefinition } from '../../model/wire.js';
import type { CheckSchema, FrontendDocument } from '../../operations/check.js';
import { extractGraphql } from '../../operations/extract.js';
import type { NamedDefinition } from '../../operations/planned-sources.js';
import type { OperationChange } from '../../operations/types.js';
import type { DocumentText } from './operation-documents.js';
import type { CheckInputs, CheckOutcome, ExtractedDocuments, Extraction } from './operations-check-types.js';

/**
 * The GraphQL of each document: a code file's from `extraction` (begun on a worker, see
 * operations-lane.ts), the rest here.
 */
export async function extractDocuments(texts: readonly DocumentText[], extraction: Extraction): Promise<ExtractedDocuments> {
  const byFile = await extraction.results();
  const documents: FrontendDocument[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const { file, text } of texts) {
    const extracted = byFile.get(file) ?? (await extractGraphql(file, text));
    if (extracted.ok) documents.push({ file, pieces: extracted.pieces });
    else diagnostics.push(extracted.diagnostic);
  }
  return { documents, diagnostics };
}

/**
 * Loads graphql and the schema builder ahead of the check, where the thread has time to
 * spare (a plan waiting on the service); a failure shows again when checking.
 */
export function preloadChecker(): void {
  Promise.all([import('../../operations/check.js'), import('../../emulator/graphql/served-schema.js')]).catch(() => undefined);
}

/**
 * Every operation of the documents checked against the schema `inputs` describe. graphql
 * loads and the schemas are built while the extraction may still run on its worker.
 */
export async function runOperationsCheck(texts: readonly DocumentText[], extraction: Extraction, inputs: CheckInputs): Promise<CheckOutcome> {
  const { checkDocuments } = await import('../../operations/check.js');
  const optional = new Set(inputs.optional);
  const after = await schemaOf(inputs.after, optional, inputs.itemFields);
  // A plan that changes no definition changes no schema: nothing to compare, nor the inspector to load.
  const same = inputs.before !== undefined && JSON.stringify(inputs.before) === JSON.stringify(inputs.after);
  const before = inputs.before === undefined || same ? undefined : await schemaOf(inputs.before, optional, inputs.itemFields);
  const changes: OperationChange[] =
    after.ok && before?.ok === true ? await (await import('../../operations/schema-changes.js')).servedChanges(before.schema, after.schema) : [];
  const extracted = await extractDocuments(texts, extraction);
  const checked = checkDocuments(extracted.documents, after, changes);
  return {
    operations: checked.operations,
    extractDiagnostics: extracted.diagnostics,
    checkDiagnostics: checked.diagnostics,
    ...(after.ok ? {} : { schemaProblems: after.problems }),
  };
}

/** The schema the emulator would serve for these definitions (its own builder), loaded with graphql on first use. */
async function schemaOf(sources: readonly NamedDefinition[], optional: ReadonlySet<string>, itemFields: readonly ItemField[]): Promise<CheckSchema> {
  const { servedSchema } = await import('../../emulator/graphql/served-schema.js');
  const build = (some: readonly NamedDefinition[]): CheckSchema =>
    servedSchema(
      some.map(({ id, definition }) => ({ id, definition: wireDefinition(definition) })),
      itemFields,
    );
  const whole = build(sources);
  if (whole.ok || !sources.some((s) => optional.has(s.id))) return whole;
  const own = build(sources.filter((s) => !optional.has(s.id)));
  return own.ok ? own : whole;
}
