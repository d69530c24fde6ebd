import type { Rule } from '../rule.js';
import { basePropertyConflictRule } from './base-property-conflict.js';
import { baseTypesKnownRule } from './base-types-known.js';
import { codegenSourcesRule } from './codegen-sources.js';
import { duplicateIdRule } from './duplicate-id.js';
import { graphqlNamesRule } from './graphql-names.js';
import { idRule } from './id.js';
import { importBlockRule } from './import-block.js';
import { inheritanceCycleRule } from './inheritance-cycle.js';
import { linkFieldNamesRule } from './link-field-names.js';
import { maxSourcesRule } from './max-sources.js';
import { movedPropertiesRule } from './moved-properties.js';
import { movesAndConversionsRule } from './moves-and-conversions.js';
import { propertyTypeNameCollisionRule } from './property-type-name-collision.js';
import { propertyTypesKnownRule } from './property-types-known.js';
import { reservedTypeNamesRule } from './reserved-type-names.js';
import { searchableAndSkipRule } from './searchable-and-skip.js';
import { typeNameCollisionRule } from './type-name-collision.js';
import { unknownFieldsRule } from './unknown-fields.js';
import { unusedPropertyTypeRule } from './unused-property-type.js';

/** The semantic rules, run after the schema check on every usable file. Order does not matter. */
export const rules: readonly Rule[] = [
  idRule,
  duplicateIdRule,
  maxSourcesRule,
  graphqlNamesRule,
  reservedTypeNamesRule,
  typeNameCollisionRule,
  propertyTypeNameCollisionRule,
  propertyTypesKnownRule,
  unusedPropertyTypeRule,
  baseTypesKnownRule,
  inheritanceCycleRule,
  basePropertyConflictRule,
  importBlockRule,
  unknownFieldsRule,
  linkFieldNamesRule,
  searchableAndSkipRule,
  movesAndConversionsRule,
  movedPropertiesRule,
  codegenSourcesRule,
];
