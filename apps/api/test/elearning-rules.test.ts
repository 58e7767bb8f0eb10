import { describe, expect, it } from 'vitest';
import { canChange, canSee, notYours, publishStep } from '../src/modules/elearning/rules.js';

const author = { userId: 7, admin: false };
const colleague = { userId: 8, admin: false };
const admin = { userId: 1, admin: true };

describe('who sees and changes an E-Learning resource', () => {
  it('a draft is for its author and administrators; a published resource for everyone', () => {
    const draft = { status: 'draft', authorId: 7 };
    expect([author, colleague, admin].map((w) => canSee(draft, w))).toEqual([true, false, true]);
    const published = { status: 'published', authorId: 7 };
    expect([author, colleague, admin].map((w) => canSee(published, w))).toEqual([true, true, true]);
  });

  it('only the author or an administrator changes it; a resource with no author only administrators', () => {
    expect([author, colleague, admin].map((w) => canChange({ status: 'published', authorId: 7 }, w))).toEqual([
      true,
      false,
      true,
    ]);
    expect(canChange({ status: 'draft', authorId: null }, { userId: 0, admin: false })).toBe(false);
    expect(canSee({ status: 'draft', authorId: null }, { userId: 0, admin: false })).toBe(false);
    expect(notYours('publish', 'Okello Peter')).toBe(
      'Only Okello Peter, who added this resource, or an administrator may publish it.',
    );
  });

  it('publishing is never a toggle: publish a draft, withdraw a published one, refuse the rest', () => {
    expect(publishStep('draft', 'publish', 'Notes')).toEqual({ ok: true, status: 'published' });
    expect(publishStep('published', 'withdraw', 'Notes')).toEqual({ ok: true, status: 'draft' });
    expect(publishStep('published', 'publish', 'Notes')).toEqual({ ok: false, message: 'Notes is already published.' });
    expect(publishStep('draft', 'withdraw', 'Notes')).toEqual({
      ok: false,
      message: 'Notes is a draft; there is nothing to withdraw.',
    });
  });
});
