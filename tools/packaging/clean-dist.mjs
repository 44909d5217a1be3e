// Removes the package's dist/ before a build, so that a file whose source was deleted or
// renamed never ships (tsc only ever adds to its output folder). Run from the package folder.
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
