import { describe, expect, it } from 'vitest';
import { parseDeclarationFile } from '../../src/load/parse.js';
import { accountNamesTouch, declaredContentTypeNames } from '../../src/validate/account-names.js';
import { validateDeclarations } from '../../src/validate/validate.js';
import { SCALAR_TYPES } from '../../src/model/types.js';

const files = [
  parseDeclarationFile(
    'a.yaml',
    'id: aa\nlabel: A\nlanguages: [en]\ncontentTypes:\n  Page:\n    contentType: []\n    properties:\n      Title: { type: String }\n',
  ),
  parseDeclarationFile('b.yaml', 'id: bb\nlabel: B\nlanguages: [en]\ncontentTypes:\n  Post:\n    contentType: []\n    properties: {}\n'),
];
const context = { scalarTypes: [...SCALAR_TYPES], reservedTypeNames: [], maxSources: undefined, stateSources: {} };

describe('accountNamesTouch', () => {
  it('is false exactly when validating again with the account changes nothing', () => {
    const cases = [
      [{ id: 'default', cms: true, contentTypes: ['StartPage', 'ArticlePage'] }],
      [{ id: 'cc', cms: false, contentTypes: ['Post'] }],
      [
        { id: 'default', cms: true, contentTypes: ['Page'] },
        { id: 'cc', cms: false, contentTypes: [] },
      ],
      [],
    ];
    const alone = validateDeclarations(files, context);
    for (const accountTypes of cases) {
      const touched = accountNamesTouch(declaredContentTypeNames(files), accountTypes);
      const again = validateDeclarations(files, { ...context, accountTypes });
      expect(touched).toBe(JSON.stringify(again) !== JSON.stringify(alone));
    }
    expect(cases.map((accountTypes) => accountNamesTouch(declaredContentTypeNames(files), accountTypes))).toEqual([false, true, true, false]);
  });
});
