import type { Policyholder } from '@forecourt/contracts/identity';
import { describe, expect, it } from 'vitest';
import { displayPhone, settingValue } from './account-index-page.tsx';

const t = (k: string) =>
  ({
    'account.notSet': 'Not set',
    'account.marketing.email': 'E-mail',
    'account.marketing.sms': 'Text message',
    'account.marketing.phone': 'Phone',
    'account.marketing.none': 'No marketing',
  })[k] ?? k;
const holder: Policyholder = {
  partyId: 'p',
  accountRegistered: true,
  email: 'demo@forecourt.example',
  phoneNumber: '+447700900123',
  firstName: 'Alex',
  lastName: 'Morgan',
  marketingPreferences: { email: true, phone: false, sms: true },
  readOnlySettings: [],
};

describe('account settings values', () => {
  it('shows UK phone numbers in national form', () => {
    expect(displayPhone('+447700900123')).toBe('07700 900123');
    expect(displayPhone('+12025550123')).toBe('+12025550123');
  });

  it('summarises each setting', () => {
    expect(settingValue('email', holder, t)).toBe('demo@forecourt.example');
    expect(settingValue('phoneNumber', { ...holder, phoneNumber: null }, t)).toBe('Not set');
    expect(settingValue('marketingPreferences', holder, t)).toBe('E-mail, Text message');
    expect(
      settingValue(
        'marketingPreferences',
        { ...holder, marketingPreferences: { email: false, phone: false, sms: false } },
        t,
      ),
    ).toBe('No marketing');
  });
});
