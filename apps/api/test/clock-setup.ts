// Every test file's clock (vitest.config.ts `setupFiles`): the tests' fixed start, whatever today is.
import { startClock } from '../src/core/dates.js';
import { testClockStart, testClockStartedAt } from './test-clock.js';

startClock(new Date(testClockStart), new Date(testClockStartedAt));
