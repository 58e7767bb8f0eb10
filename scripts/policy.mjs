#!/usr/bin/env node
// `npm run policy`: writes packages/contract/access-policy.tsv, the reviewed table of who may open every
// screen and make every API call, from the contract (packages/contract/src/access-policy.ts). Review its
// diff before committing: a test fails while the contract and the committed table differ.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { accessPolicyText } from '../packages/contract/src/access-policy.ts';

const file = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../packages/contract/access-policy.tsv');
const before = (() => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
})();
const text = accessPolicyText();
writeFileSync(file, text);
const lines = (s) => new Set(s.split('\n').filter(Boolean));
const [was, now] = [lines(before), lines(text)];
const gone = [...was].filter((l) => !now.has(l));
const added = [...now].filter((l) => !was.has(l));
console.log(
  `${path.relative(process.cwd(), file)}: ${now.size - 1} rows; ${gone.length} removed, ${added.length} added.`,
);
if (before) {
  for (const l of gone) console.log(`- ${l}`);
  for (const l of added) console.log(`+ ${l}`);
}
if (gone.length || added.length)
  console.log('Review the diff (git diff) before committing: it changes who may do what.');
