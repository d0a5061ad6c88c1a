#!/usr/bin/env node
// dist/bundle/ is the CLI bundled by scripts/build-cli.mjs (part of `npm run build`): one file to load, fast start.
import { main } from '../dist/bundle/wm.js';

main(process.argv).then((code) => {
  process.exitCode = code;
});
