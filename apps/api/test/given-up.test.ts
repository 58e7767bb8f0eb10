// A write that the database gives up (a deadlock, a serialization failure: on a Citus cluster, a sign-in meeting
// another write to the users every node holds) is made again; any other failure is not.
import { staff, staffSubjects } from '@somero/contract';
import { describe, expect, it } from 'vitest';
import { againIfGivenUp, databaseFault, isUniqueViolation, wasGivenUp } from '../src/core/errors.js';

/** An error as drizzle throws it: the driver's error, with its SQLSTATE code, as the cause. */
const failure = (code: string) => Object.assign(new Error('Failed query'), { cause: { code, message: code } });

describe('againIfGivenUp', () => {
  it('makes a deadlocked or unserializable transaction again, and answers what the next try gave', async () => {
    for (const code of ['40P01', '40001']) {
      let tries = 0;
      const answer = await againIfGivenUp(async () => {
        tries++;
        if (tries < 3) throw failure(code);
        return 'signed in';
      });
      expect([answer, tries]).toEqual(['signed in', 3]);
    }
  });

  it('gives up itself after four tries, with the database’s error', async () => {
    let tries = 0;
    const attempt = againIfGivenUp(async () => {
      tries++;
      throw failure('40P01');
    });
    await expect(attempt).rejects.toThrow('Failed query');
    expect(tries).toBe(4);
  });

  it('never repeats a refusal (a duplicate, a missing reference) or any other error', async () => {
    for (const code of ['23505', '23503', '0A000']) {
      let tries = 0;
      await expect(
        againIfGivenUp(async () => {
          tries++;
          throw failure(code);
        }),
      ).rejects.toThrow();
      expect(tries).toBe(1);
      expect(wasGivenUp(failure(code))).toBe(false);
    }
    expect(wasGivenUp(new Error('no database here'))).toBe(false);
  });
});

describe('what the database refused, by the names of the schema', () => {
  it('a Citus worker’s shard names are read as their table and constraint, so a duplicate gets its own words', () => {
    const refused = (cause: object) => Object.assign(new Error('Failed query'), { cause: { code: '23505', ...cause } });
    // As PostgreSQL says it, and as a Citus coordinator passes a worker's on: the words alone.
    const onPostgres = refused({ table: 'staff_subjects', constraint: 'staff_subjects_load' });
    const onShard = refused({
      message: 'duplicate key value violates unique constraint "staff_subjects_load_102045"',
    });
    expect(databaseFault(onShard)).toMatchObject({ constraint: 'staff_subjects_load' });
    for (const error of [onPostgres, onShard]) {
      expect(isUniqueViolation(error, staffSubjects)).toBe(true);
      expect(isUniqueViolation(error, staff)).toBe(false);
    }
    // A name of the schema that ends in a short number stays as it is.
    expect(databaseFault(refused({ table: 'fees_2026' })).table).toBe('fees_2026');
  });
});
