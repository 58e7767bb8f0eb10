import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneDisplay, phoneInput, phoneMessage, phoneSearchDigits } from '../src/phone.js';
import { guardianResource } from '../src/resources/index.js';

describe('phones kept in one form', () => {
  it.each([
    ['0772 123456', '+256772123456'],
    ['0772123456', '+256772123456'],
    ['772123456', '+256772123456'],
    ['+256 772 123 456', '+256772123456'],
    ['256772123456', '+256772123456'],
    ['+256-772-123-456', '+256772123456'],
    ['(0772) 123 456', '+256772123456'],
    [' +2560772123456 ', '+256772123456'],
    ['+254 712 345678', '+254712345678'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('stores %s as %s', (typed, stored) => {
    expect(normalisePhone(typed)).toBe(stored);
  });

  it.each([
    '',
    'none',
    '0772 12345',
    '07721234567',
    '12345',
    '0772-abc-456',
    '254712345678',
    '+0772123456',
    '+12',
    '0772 123456 / 0701 000111',
  ])('refuses %j', (typed) => {
    expect(normalisePhone(typed)).toBeNull();
    const r = phoneInput().safeParse(typed);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(phoneMessage);
  });

  it('shows a Ugandan number as 07…, others as stored', () => {
    expect(phoneDisplay('+256772123456')).toBe('0772 123456');
    expect(phoneDisplay('+254712345678')).toBe('+254712345678');
    expect(phoneDisplay('0772 123456')).toBe('0772 123456');
    expect(phoneDisplay(null)).toBe('');
  });

  it('searches a phone by its digits without the country code or trunk 0', () => {
    expect(phoneSearchDigits('0772 123456')).toBe('772123456');
    expect(phoneSearchDigits('+256772123456')).toBe('772123456');
    expect(phoneSearchDigits('772123456')).toBe('772123456');
    expect(phoneSearchDigits('091723')).toBe('091723');
    expect(phoneSearchDigits('0772')).toBeNull();
    expect(phoneSearchDigits('Okello')).toBeNull();
  });

  it("normalises every 'phone' field of a declared entity, and refuses what is not a phone", () => {
    const ok = guardianResource.input.safeParse({
      name: 'Okello',
      relationship: 'Father',
      phone: '0772 123 456',
      alt_phone: '256701000111',
    });
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({ phone: '+256772123456', altPhone: '+256701000111' });
    const bad = guardianResource.input.safeParse({ name: 'Okello', relationship: 'Father', phone: 'call the office' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['phone'], message: phoneMessage });
    expect(
      guardianResource.input.safeParse({ name: 'Okello', relationship: 'Father', phone: '0772 123456', alt_phone: '' })
        .data,
    ).toMatchObject({ altPhone: null });
  });
});
