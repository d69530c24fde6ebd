import type { InvalidCase } from './case.js';
import { codegenCases } from './codegen-cases.js';
import { identityCases } from './identity-cases.js';
import { importCases } from './import-cases.js';
import { keepCases } from './keep-cases.js';
import { nameCases } from './name-cases.js';
import { shapeCases } from './shape-cases.js';
import { typeCases } from './type-cases.js';
import { combinedCases, yamlCases } from './yaml-cases.js';

export type { InvalidCase } from './case.js';

export const allInvalidCases: InvalidCase[] = [
  ...identityCases,
  ...typeCases,
  ...nameCases,
  ...shapeCases,
  ...yamlCases,
  ...combinedCases,
  ...importCases,
  ...keepCases,
  ...codegenCases,
];
