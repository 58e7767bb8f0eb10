import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser tests run as two halves side by side, each on its own server (playwright.config.ts). The
 * halves are made from the specs' recorded times (`spec-times.json`, seconds of test time in a whole run;
 * `npm run e2e:times` writes it from the last run): the longest first, each to the half with less so far,
 * so both end together. A few specs are held to a half because of what they do to their server's school.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** Specs held to a half. Files of one half run in name order on one school. */
const held: Record<string, 0 | 1> = {
  // The only school on its server: its administrator sees and takes the server's backups…
  backups: 0,
  // …while this one registers a second school.
  screens: 1,
  // Promotes S5 and admits a student: runs last on its server (no spec after it by name shares it)…
  students: 0,
  // …so the specs named after it are on the other.
  subjects: 1,
  'teaching-load': 1,
  'visitors-events': 1,
};

export function halves(): [string[], string[]] {
  const specs = readdirSync(path.join(here, 'specs'))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => f.replace(/\.spec\.ts$/, ''));
  const times: Record<string, number> = JSON.parse(readFileSync(path.join(here, 'spec-times.json'), 'utf8'));
  const known = Object.values(times).sort((a, b) => a - b);
  // A spec not timed yet counts as a middling one.
  const median = known[Math.floor(known.length / 2)] ?? 30;
  const timeOf = (spec: string) => times[spec] ?? median;
  const out: [string[], string[]] = [[], []];
  const total = [0, 0];
  for (const spec of Object.keys(held)) {
    if (!specs.includes(spec)) continue;
    out[held[spec]].push(spec);
    total[held[spec]] += timeOf(spec);
  }
  const rest = specs.filter((s) => !(s in held)).sort((a, b) => timeOf(b) - timeOf(a) || a.localeCompare(b));
  for (const spec of rest) {
    const half = total[0] <= total[1] ? 0 : 1;
    out[half].push(spec);
    total[half] += timeOf(spec);
  }
  return out;
}
