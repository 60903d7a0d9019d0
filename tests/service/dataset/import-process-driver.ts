/**
 * `npm run dataset:import` as its command runs it (scripts/dataset/import-process.ts: the CLI run
 * with this terminal, the temporary copy of the export), over a stand-in repository (argv[2], its
 * studio/node_modules/.bin/sanity a stand-in CLI) and the export file argv[3], with no network
 * check. IMPORT_RUN replaces the CLI: `exit` ends the process with process.exit(3) while the copy
 * exists, `hang` waits for ever with no CLI running; either first writes the copy's path to
 * IMPORT_MARKER, as the stand-in CLI does.
 */
import { writeFileSync } from 'node:fs';
import { nodeFs, runImport, type Io } from '../../../scripts/dataset/import.ts';
import { nodeIo } from '../../../scripts/dataset/import-process.ts';

const [root = '', file = ''] = process.argv.slice(2);
const marker = process.env['IMPORT_MARKER'] ?? '';
const ready = (args: string[]) => writeFileSync(marker, `${process.pid} ${args[2]}\n`);
const runs: Record<string, Io['run']> = {
  exit: (_command, args) => {
    ready(args);
    process.exit(3);
  },
  hang: (_command, args) => {
    ready(args);
    return new Promise(() => setInterval(() => {}, 1_000));
  },
};
const run = runs[process.env['IMPORT_RUN'] ?? ''];
process.exitCode = await runImport(
  ['--dataset', 'production', '--file', file],
  process.env,
  { ...nodeFs(root), home: root },
  () => Promise.resolve(undefined),
  run ? { ...nodeIo, run } : nodeIo,
);
