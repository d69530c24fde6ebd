import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceDefinition } from '../../../src/model/types.js';
import { givenPatterns } from '../../../src/operations/document-patterns.js';
import type { CheckInputs } from '../../../src/workflows/internal/operations-check-types.js';
import type { startOperations as StartOperations } from '../../../src/workflows/internal/operations-start.js';
import { assertFreshBuild } from '../../helpers/built-binary.js';
import { makeTempDir, writeFiles } from '../../helpers/temp-dir.js';
import { testHost } from '../../helpers/workflow-host.js';

/**
 * The check begun early runs on the operations worker (the build's; from TypeScript sources
 * there is none), told the schema inputs as soon as the plan is made. The report takes that
 * outcome only for the same inputs: a plan whose final inputs differ is checked again.
 */
const root = path.resolve(import.meta.dirname, '../../..');
let startOperations: typeof StartOperations;

beforeAll(async () => {
  assertFreshBuild();
  ({ startOperations } = (await import(pathToFileURL(path.join(root, 'dist/workflows/internal/operations-start.js')).href)) as {
    startOperations: typeof StartOperations;
  });
});

const blog = (properties: SourceDefinition['contentTypes'][string]['properties']): SourceDefinition => ({
  label: 'Blog',
  languages: ['en'],
  contentTypes: { BlogPost: { contentType: [], properties } },
});
const WITH_SUMMARY = blog({ Title: { type: 'String' }, Summary: { type: 'String' } });
const WITHOUT_SUMMARY = blog({ Title: { type: 'String' } });
const inputs = (after: SourceDefinition): CheckInputs => ({
  before: [{ id: 'blog', definition: WITH_SUMMARY }],
  after: [{ id: 'blog', definition: after }],
  optional: [],
  itemFields: [],
});

async function project(): Promise<string> {
  const dir = await makeTempDir();
  await writeFiles(dir, {
    'web/list.graphql': 'query PostList {\n  BlogPost { items { Title Summary } }\n}\n',
    'web/titles.tsx': "import { gql } from '@apollo/client';\nexport const Titles = gql`\n  query Titles { BlogPost { items { Title } } }\n`;\n",
  });
  return dir;
}

/** The check of the project's documents begun, with its cache off so each run checks. */
async function begun(): Promise<ReturnType<typeof startOperations>> {
  const host = { ...testHost(await project()), variables: { GRAPHFORM_OPERATIONS_CACHE: '0' } };
  return startOperations(host, '.', givenPatterns(['web/**/*.graphql', 'web/**/*.tsx'], 'documents'), []);
}

describe('the operations check begun early, on its worker', () => {
  it('an expected outcome is what the report for the same inputs gives', async () => {
    const started = await begun();
    try {
      started.expect(inputs(WITH_SUMMARY));
      const report = await started.report(inputs(WITH_SUMMARY), 'broken');
      expect(report.operations.map((o) => [o.name, o.file, o.status])).toEqual([
        ['PostList', 'web/list.graphql', 'unaffected'],
        ['Titles', 'web/titles.tsx', 'unaffected'],
      ]);
    } finally {
      await started.close();
    }
  });

  it('a report for other inputs than expected is checked against those: the removed field breaks the operation that reads it', async () => {
    const started = await begun();
    try {
      started.expect(inputs(WITH_SUMMARY));
      const report = await started.report(inputs(WITHOUT_SUMMARY), 'broken');
      expect(report.operations.map((o) => [o.name, o.status])).toEqual([
        ['PostList', 'broken'],
        ['Titles', 'unaffected'],
      ]);
      expect(report.operations[0]?.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual([
        'web/list.graphql:2:28 Cannot query field "Summary" on type "BlogPost".',
      ]);
    } finally {
      await started.close();
    }
  });
});
