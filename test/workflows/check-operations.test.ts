import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * `graphform check-operations` as the package exports it: the frontends' documents against
 * today's declarations, from a config given as a value, with what fails as a result.
 */
const BLOG = 'id: blog\nlabel: Blog\nlanguages: [en]\ncontentTypes:\n  BlogPost:\n    contentType: []\n    properties:\n      Title: { type: String }\n';
const FILES = {
  'content-sources/blog.yaml': BLOG,
  'web/src/list.graphql': 'query PostList {\n  BlogPost { items { _id Title Summary } }\n}\n',
  'web/src/titles.graphql': 'query PostTitles {\n  BlogPost { items { Title } }\n}\n',
};
const SECRET = 'c2VjcmV0LW9mLXRoZS1ncmFwaA==';
const config: graphform.GraphformConfig = {
  sources: 'content-sources',
  environments: { production: { graphUrl: 'https://graph.invalid', auth: { scheme: 'hmac', appKey: 'app', secret: SECRET } } },
};

describe('the checkOperations workflow', () => {
  it('judges each operation against the declarations offline, and says what fails without throwing', async () => {
    const cwd = await makeProjectDir(FILES);
    const result: graphform.CheckOperationsResult = await graphform.checkOperations({ config, documents: ['web/src/*.graphql'] }, testHost(cwd));
    expect(result.report.operations.map((o) => [o.name, o.status])).toEqual([
      ['PostList', 'broken'],
      ['PostTitles', 'unaffected'],
    ]);
    expect(result.report.operations[0]?.problems[0]?.message).toMatch(/Summary/);
    expect(result.ok).toBe(false);
    expect(result.failing.operations.map((o) => o.name)).toEqual(['PostList']);
    // The environment was only named, never reached (graph.invalid), and no secret of the config is in the result.
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it('passes when every operation is valid, and under failOn: none fails nothing', async () => {
    const cwd = await makeProjectDir(FILES);
    const passing = await graphform.checkOperations({ config, documents: ['web/src/titles.graphql'] }, testHost(cwd));
    expect([passing.ok, passing.report.counts]).toEqual([true, { broken: 0, affected: 0, unaffected: 1 }]);
    const lenient = await graphform.checkOperations({ config: { ...config, operations: { documents: ['web/src/*.graphql'], failOn: 'none' } } }, testHost(cwd));
    expect([lenient.ok, lenient.report.counts.broken, lenient.failing.operations]).toEqual([true, 1, []]);
  });

  it('fails on a pattern that matches no file: a string is named as `documents`, a DocumentPattern where it says, neither with an invented line', async () => {
    const cwd = await makeProjectDir(FILES);
    const placed: graphform.DocumentPattern = { pattern: 'web/moved/*.graphql', key: 'frontend.yaml documents', file: 'frontend.yaml', line: 4, column: 5 };
    const result = await graphform.checkOperations({ config, documents: ['web/src/titles.graphql', 'web/gone/*.graphql', placed] }, testHost(cwd));
    expect(result.report.counts.unaffected).toBe(1);
    expect(result.ok).toBe(false);
    expect(result.failing.documents.map(({ code, file, line, column }) => [code, file, line, column])).toEqual([
      ['GF_OPERATIONS_NO_MATCH', 'documents', 0, 0],
      ['GF_OPERATIONS_NO_MATCH', 'frontend.yaml', 4, 5],
    ]);
    expect(result.failing.documents[1]?.message).toMatch(/^frontend\.yaml documents pattern "web\/moved\/\*\.graphql" matches no file/);
  });

  it('refuses with GF_USAGE when neither the config nor the input names documents', async () => {
    const cwd = await makeProjectDir(FILES);
    await expect(graphform.checkOperations({ config }, testHost(cwd))).rejects.toMatchObject({ code: 'GF_USAGE' });
  });
});
