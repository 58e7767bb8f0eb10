import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import {
  AddressRefused,
  allowedInside,
  checkedAddress,
  hostKey,
  hostLike,
  internalAddress,
} from '../src/core/outbound.js';

describe('addresses a school sets: never inside the server’s own network', () => {
  it('refuses loopback, private, carrier-grade NAT, link-local, unspecified, multicast, reserved IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.10',
      '100.64.0.1',
      '100.127.255.255',
      '169.254.169.254',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
    ])
      expect(internalAddress(ip), ip).toBe(true);
  });

  it('accepts public IPv4, including the neighbours of the internal ranges', () => {
    for (const ip of [
      '8.8.8.8',
      '41.210.130.5',
      '142.250.102.108',
      '9.255.255.255',
      '11.0.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '169.253.255.255',
      '192.167.255.255',
      '223.255.255.255',
      '1.0.0.0',
    ])
      expect(internalAddress(ip), ip).toBe(false);
  });

  it('refuses internal IPv6, and internal IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4)', () => {
    for (const ip of [
      '::1',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'febf:ffff::1',
      'fc00::1',
      'fd12:3456:789a::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::FFFF:7f00:1',
      '::ffff:10.0.0.5',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2002:c0a8:0101::',
      '2001:db8::25',
      '2001::1',
      '3fff::1',
      '100::1',
      '5f00::1',
    ])
      expect(internalAddress(ip), ip).toBe(true);
  });

  it('accepts public IPv6 and public IPv4 inside IPv6', () => {
    for (const ip of [
      '2001:4860:4860::8888',
      '2a00:1450:4009:81f::201a',
      '2c0f:fb50:4003::1',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])
      expect(internalAddress(ip), ip).toBe(false);
  });

  it('treats what is not an address as internal: never connected to', () => {
    for (const text of ['', 'localhost', 'smtp.gmail.com', '127.0.0.1:25', '[::1]'])
      expect(internalAddress(text)).toBe(true);
  });

  it('reads a host in one form, a server name or an address only', () => {
    expect(hostKey(' SMTP.Gmail.com. ')).toBe('smtp.gmail.com');
    expect(hostKey('[::1]')).toBe('::1');
    for (const host of [
      'smtp.gmail.com',
      'mail_1.school.ac.ug',
      'localhost',
      '127.0.0.1',
      '[2001:db8::1]',
      'SMTP.X.UG.',
    ])
      expect(hostLike(host), host).toBe(true);
    for (const host of ['smtp://smtp.gmail.com', 'smtp.gmail.com:587', 'a b', 'mail..school', '-mail.ug', 'x/y', ''])
      expect(hostLike(host), host).toBe(false);
  });

  it('lets the server’s setting name hosts allowed inside its network, in any spelling', () => {
    const { allowPrivateHosts } = readConfig({ MAIL_ALLOW_PRIVATE_HOSTS: ' Mail.School.LAN , [::1] ,' }).email;
    expect(allowPrivateHosts).toEqual(['mail.school.lan', '::1']);
    expect(allowedInside('MAIL.school.lan.', allowPrivateHosts)).toBe(true);
    expect(allowedInside('::1', allowPrivateHosts)).toBe(true);
    expect(allowedInside('other.school.lan', allowPrivateHosts)).toBe(false);
    expect(readConfig({}).email.allowPrivateHosts).toEqual([]);
  });

  it('resolves a name when connecting and refuses it when it points inside; an address answers itself', async () => {
    await expect(checkedAddress('localhost', 5_000)).rejects.toMatchObject({ code: 'EINTERNAL' });
    await expect(checkedAddress('2130706433', 5_000)).rejects.toBeInstanceOf(AddressRefused);
    await expect(checkedAddress('8.8.8.8', 5_000)).resolves.toBe('8.8.8.8');
    await expect(checkedAddress('[2001:4860:4860::8888]', 5_000)).resolves.toBe('2001:4860:4860::8888');
    await expect(checkedAddress('no-such-host.invalid', 5_000)).rejects.toMatchObject({ code: 'EDNS' });
  });
});
