// The build starts from an empty dist/: tsc only adds and overwrites, so a module moved or
// deleted in src/ would otherwise stay in dist/ and ship in the package.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
