// Writes src/schema/content-source.types.ts from src/schema/content-source.schema.json,
// the one source of truth for the declaration format. Run: npm run generate:types.
// test/schema/generated-types.test.ts imports renderTypes() and fails when the checked-in
// file has drifted from the schema.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile } from 'json-schema-to-typescript';

export const schemaPath = fileURLToPath(new URL('../src/schema/content-source.schema.json', import.meta.url));
export const typesPath = fileURLToPath(new URL('../src/schema/content-source.types.ts', import.meta.url));

const banner = `/**
 * GENERATED FILE: do not edit. Generated from content-source.schema.json by
 * scripts/generate-types.mjs (npm run generate:types); a test fails when it drifts.
 */`;

// json-schema-to-typescript turns every `title` into a named type. Titles on plain fields
// are there for editors, so only the root and the definitions keep theirs.
function stripFieldTitles(node, keepTitle) {
  if (Array.isArray(node)) return node.map((item) => stripFieldTitles(item, false));
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'title' && !keepTitle) continue;
    if (key === 'definitions') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, def]) => [name, stripFieldTitles(def, true)]));
    } else if (key === 'properties' && value !== null && typeof value === 'object' && !('type' in value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, def]) => [name, stripFieldTitles(def, false)]));
    } else {
      out[key] = stripFieldTitles(value, false);
    }
  }
  return out;
}

/** The generated TypeScript for the given schema, formatted, ending with a newline. */
export async function renderTypes(schema = JSON.parse(readFileSync(schemaPath, 'utf8'))) {
  return compile(stripFieldTitles(schema, true), 'ContentSourceDeclaration', {
    bannerComment: banner,
    additionalProperties: false,
    strictIndexSignatures: false,
    unknownAny: true,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(typesPath, await renderTypes());
  console.log(`wrote ${typesPath}`);
}
