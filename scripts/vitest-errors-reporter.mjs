// A Vitest reporter for `npm test` (scripts/test.mjs): writes the errors that belong to no test (an
// unhandled rejection, a hook that failed after every test passed) to the file VITEST_ERRORS_FILE names,
// so the run's last lines can say what failed even when every test passed.
import { writeFileSync } from 'node:fs';

const firstLines = (text, n) =>
  String(text ?? '')
    .split('\n')
    .slice(0, n)
    .join('\n');

export default class ErrorsReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.VITEST_ERRORS_FILE;
    if (!file) return;
    const errors = [];
    for (const error of unhandledErrors) {
      const where = [error.VITEST_TEST_PATH, error.VITEST_TEST_NAME].filter(Boolean).join(' › ');
      errors.push(
        `unhandled ${error.name ?? 'error'}${where ? ` in ${where}` : ''}: ${firstLines(error.stack ?? error.message, 6)}`,
      );
    }
    for (const module of testModules)
      for (const error of module.errors())
        errors.push(`${module.moduleId}: ${firstLines(error.stack ?? error.message, 6)}`);
    writeFileSync(file, JSON.stringify(errors));
  }
}
