// Runs every benchmark in turn (npm run bench). Each prints its figures and targets.
await import('./startup.bench.js');
await import('./http.bench.js');
await import('./charges.bench.js');
await import('./clock.bench.js');
await import('./fixtures.bench.js');
await import('./persistence.bench.js');
await import('./dashboard.bench.js');
await import('./clone.bench.js');
await import('./hostile.bench.js');
