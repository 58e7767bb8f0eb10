#!/usr/bin/env node
// `npm run mutation`: runs StrykerJS (stryker.config.mjs; extra arguments pass through, e.g.
// `-- --mutate apps/api/src/core/scope.ts`), then prints the mutation score of each file and in all.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const report = path.join(root, 'reports/mutation/mutation.json');
rmSync(report, { force: true });
const started = Date.now();
const result = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (!existsSync(report)) {
  console.log(`\nNo mutation report: Stryker ended with ${result.status}.`);
  process.exit(result.status || 1);
}

const detected = new Set(['Killed', 'Timeout']);
const counted = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
const score = (mutants) => {
  const valid = mutants.filter((m) => counted.has(m.status));
  const killed = valid.filter((m) => detected.has(m.status)).length;
  return { killed, valid: valid.length, pct: valid.length ? (100 * killed) / valid.length : 100 };
};
const { files } = JSON.parse(readFileSync(report, 'utf8'));
const all = [];
console.log('\nMutation score (killed or timed out / all but ignored and errors):');
for (const [file, { mutants }] of Object.entries(files)) {
  all.push(...mutants);
  const s = score(mutants);
  console.log(`  ${s.pct.toFixed(1).padStart(5)} %  ${String(s.killed).padStart(4)}/${s.valid}  ${file}`);
}
const s = score(all);
console.log(`  ${s.pct.toFixed(1).padStart(5)} %  ${String(s.killed).padStart(4)}/${s.valid}  all, in ${minutes} min`);
process.exit(result.status ?? 1);
