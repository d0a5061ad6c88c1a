// One process looping on one job of wm serve's worker script, with no pool and no event loop between two jobs
// (bench/pool.ts): run in one and in two processes at once, what this machine gives a job on two cores.
const { default: work } = require(process.argv[2]);

process.once('message', ({ task, jobs }) => {
  for (let i = 0; i < 20; i++) work(task);
  process.send('ready');
  process.once('message', () => {
    const start = performance.now();
    for (let i = 0; i < jobs; i++) work(task);
    process.send(performance.now() - start, () => process.exit(0));
  });
});
