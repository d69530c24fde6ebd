// Publishes the declaration schema at a stable path inside the package
// (graphform/schema/content-source.schema.json) for editors' YAML language server.
import { copyFileSync, mkdirSync } from 'node:fs';

mkdirSync('schema', { recursive: true });
copyFileSync('src/schema/content-source.schema.json', 'schema/content-source.schema.json');
