import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { onfidoIdentityCheck } from '../src/providers/identity-check/onfido.ts';
import { sandboxIdentityCheck } from '../src/providers/identity-check/sandbox.ts';

const person = (lastName: string, dateOfBirth = '1985-06-15') => ({
  firstName: 'Sam',
  lastName,
  dateOfBirth,
  address: { line1: '1 High Street', postalCode: 'SW1A 1AA' },
});

describe('sandbox identity check test data', () => {
  const sandbox = sandboxIdentityCheck();

  it('is clear for anyone else', async () => {
    expect(await sandbox.check(person('Driver'))).toEqual({
      isClear: true,
      checks: [{ name: 'identity', result: 'clear' }],
    });
    const verified = await sandbox.verify(person('Driver'));
    expect(verified.isClear).toBe(true);
    expect(verified.checks.map((c) => c.result)).toEqual(['clear', 'clear', 'clear']);
  });

  it("last name 'Consider' fails the identity check (and verification)", async () => {
    expect(await sandbox.check(person('consider'))).toEqual({
      isClear: false,
      checks: [{ name: 'identity', result: 'consider' }],
    });
    expect((await sandbox.verify(person('Consider'))).checks).toContainEqual({
      name: 'identity',
      result: 'consider',
    });
  });

  it("date of birth 1990-01-01 gives 'consider' on the address check only", async () => {
    expect((await sandbox.check(person('Driver', '1990-01-01'))).isClear).toBe(true);
    const verified = await sandbox.verify(person('Driver', '1990-01-01'));
    expect(verified.isClear).toBe(false);
    expect(verified.checks.filter((c) => c.result === 'consider')).toEqual([
      { name: 'address', result: 'consider' },
    ]);
  });

  it("'Sanctioned' born 1990-01-01 fails two checks", async () => {
    const verified = await sandbox.verify(person('Sanctioned', '1990-01-01'));
    expect(verified.checks.filter((c) => c.result === 'consider').map((c) => c.name)).toEqual([
      'address',
      'sanctions',
    ]);
  });
});

describe('Onfido-style adapter', () => {
  it('creates an applicant, runs a check, polls it and reads each report', async () => {
    const seen: string[] = [];
    let polls = 0;
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      const send = (body: unknown) =>
        res.setHeader('content-type', 'application/json').end(JSON.stringify(body));
      if (req.url === '/applicants') return send({ id: 'app_1' });
      if (req.url === '/checks') return send({ id: 'chk_1', status: 'in_progress', report_ids: [] });
      if (req.url === '/checks/chk_1') {
        polls++;
        return send({ id: 'chk_1', status: 'complete', report_ids: ['r1', 'r2', 'r3'] });
      }
      const reports: Record<string, unknown> = {
        '/reports/r1': { name: 'identity_enhanced', result: 'clear', status: 'complete' },
        '/reports/r2': { name: 'proof_of_address', result: 'consider', status: 'complete' },
        '/reports/r3': { name: 'watchlist_standard', result: 'clear', status: 'complete' },
      };
      return send(reports[req.url ?? '']);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const provider = onfidoIdentityCheck(`http://127.0.0.1:${port}`, 'api_token_1');
      const result = await provider.verify(person('Driver'));
      expect(result).toEqual({
        isClear: false,
        checks: [
          { name: 'identity', result: 'clear' },
          { name: 'address', result: 'consider' },
          { name: 'sanctions', result: 'clear' },
        ],
      });
      expect(polls).toBe(1);
      expect(seen[0]).toBe('POST /applicants Token token=api_token_1');
    } finally {
      server.close();
    }
  });
});
