import type { Command } from 'commander';

// Option definitions only: each action imports its implementation when it runs.

export function registerProbe(program: Command): void {
  const probe = program
    .command('probe')
    .summary('which kinds of mark survive a platform: write a canary text, then check what came back')
    .description(
      'Find out which kinds of hidden mark a platform (a chat, an editor, a CMS, a mail) keeps: `wm probe new` ' +
        'writes a short text carrying one mark of each kind wm writes; send it through the platform and back, ' +
        'then `wm probe check` says which kinds survived and which method to use there.',
    );
  probe
    .command('new')
    .summary('write the canary text')
    .description('Write the canary text: one line per kind of mark (VS frame, VS17+ frame, robust, C2PA manifest).')
    .option('-o, --out <file>', 'write the canary to FILE atomically instead of standard output')
    .action(async (options) => {
      const { runProbeNew } = await import('./codec/probe.js');
      await runProbeNew(options);
    });
  probe
    .command('check')
    .summary('say which kinds of mark came back in a returned canary')
    .description(
      'Read a canary that went through a platform and say, per kind of mark, whether it came back (kept, damaged, ' +
        'lost) and which method to use on that path. Exit 0: some watermark kind survived; 1: none did.',
    )
    .argument('[file]', 'the returned text (default: standard input; "-" also means standard input)')
    .option('-o, --out <file>', 'write the report to FILE atomically instead of standard output')
    .option('--json', 'print {visible_text, kinds, selectors, added, advice} as JSON')
    .action(async (file: string | undefined, options) => {
      const { runProbeCheck } = await import('./codec/probe.js');
      await runProbeCheck(file, options);
    });
}
