#!/usr/bin/env node
// `npm run e2e:times [report.json]`: writes e2e/spec-times.json, each browser spec's seconds of test time,
// from the last browser run of `npm test` (or the Playwright JSON report given), so that e2e/halves.ts
// keeps the two halves even. Commit the file when the times have moved.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const report = JSON.parse(readFileSync(process.argv[2] ?? path.join(tmpdir(), 'somero-last-browser-run.json'), 'utf8'));
const times = {};
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    const name = path.basename(spec.file).replace(/\.spec\.ts$/, '');
    for (const t of spec.tests ?? [])
      for (const r of t.results ?? []) times[name] = (times[name] ?? 0) + r.duration / 1000;
  }
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of report.suites ?? []) walk(suite);
const sorted = Object.fromEntries(
  Object.keys(times)
    .sort()
    .map((k) => [k, Math.round(times[k] * 10) / 10]),
);
writeFileSync(path.join(root, 'e2e/spec-times.json'), `${JSON.stringify(sorted, null, 2)}\n`);
const total = Object.values(sorted).reduce((a, b) => a + b, 0);
console.log(`e2e/spec-times.json: ${Object.keys(sorted).length} specs, ${Math.round(total)} s of test time`);
