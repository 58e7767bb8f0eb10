#!/usr/bin/env node
// Every installed package (package-lock.json) must declare a Node range that includes the oldest Node
// the README asks for (the root's `engines.node`), so `npm install` never warns EBADENGINE there.
// A package that needs a newer Node is pinned to an older release in the root's `overrides`.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const oldest = semver.minVersion(root.engines.node);
const misfits = Object.entries(lock.packages)
  .filter(([where, pkg]) => where && pkg.engines?.node)
  .filter(([, pkg]) => !semver.satisfies(oldest, pkg.engines.node, { includePrerelease: true }))
  .map(([where, pkg]) => `${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants Node ${pkg.engines.node}`);
if (misfits.length) {
  console.log(`Packages that do not support Node ${oldest} (the oldest the README asks for):`);
  for (const line of misfits) console.log(`  ${line}`);
  console.log('Pin an older release in the root package.json "overrides", then npm install.');
  process.exit(1);
}
