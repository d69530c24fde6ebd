import type { ValidationContext } from '../../../src/validate/validate.js';
import { yaml } from '../validate-helpers.js';

export interface InvalidCase {
  name: string;
  /** File name → YAML text. */
  files: Record<string, string>;
  context?: Partial<ValidationContext>;
  /** Every diagnostic, in order, as `file:line:col CODE`. */
  expected: string[];
  /** Text each message must contain, in the order of `expected` (undefined skips one). */
  messages?: (string | undefined)[];
}

/** A valid source with the given id and one content type, to sit next to the file under test. */
export const valid = (id: string, typeName: string): string => yaml`
  id: ${id}
  label: Source ${id}
  languages: [en]
  contentTypes:
    ${typeName}:
      contentType: []
      properties:
        Name: { type: String }
`;
