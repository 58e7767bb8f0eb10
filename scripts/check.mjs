#!/usr/bin/env node
// `npm run check`: lint and format (Biome), the areas' import rules (dependency-cruiser), every package's
// supported Node versions (engines.mjs) and the types (the Node code as one program, the web app as
// another), two at a time (each is one thread; the machines are two cores). Prints each
// one's output when it ends; fails when any fails.
import { spawn } from 'node:child_process';

const tasks = [
  ['Biome', 'npx', ['biome', 'check', '.']],
  ['Imports', 'npm', ['run', '--silent', 'imports']],
  ['Node versions of the packages', 'node', ['scripts/engines.mjs']],
  // All the Node code as one program (tsconfig.check.json), the web app as another.
  [
    'Types of the server, the packages, the browser tests and the benchmarks',
    'npx',
    ['tsc', '-p', 'tsconfig.check.json'],
  ],
  ['Types of the web app', 'npx', ['tsc', '-p', 'apps/web']],
];

const run = ([title, command, args]) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      console.log(`${code === 0 ? '✓' : '✗'} ${title}${output.trim() ? `\n${output.trim()}` : ''}`);
      resolve(code === 0);
    });
  });

let next = 0;
let ok = true;
const lane = async () => {
  while (next < tasks.length) ok = (await run(tasks[next++])) && ok;
};
await Promise.all([lane(), lane()]);
process.exit(ok ? 0 : 1);
