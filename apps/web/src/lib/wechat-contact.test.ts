import { weiXinContact as schema } from '@kaoshi/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weiXinContact } from './wechat-contact';

/** Tests load the real contract (with zod), so the stand-in is compared with the schema itself. */
const same = (value: unknown) => {
  const real = schema.safeParse(value);
  const mine = weiXinContact.safeParse(value);
  expect(mine.success, JSON.stringify(value)).toBe(real.success);
  if (real.success) expect(mine.data).toEqual(real.data);
};

describe('weiXinContact without zod', () => {
  it('agrees with the contract schema on typical values', () => {
    for (const value of [
      { WeiXinContact: 'kefu01', WeiXinIndexContact: 1 },
      { WeiXinContact: 'gzh', WeiXinIndexContact: 2, extra: true },
      { WeiXinContact: '', WeiXinIndexContact: 2 },
      { WeiXinContact: 'x', WeiXinIndexContact: 3 },
      { WeiXinContact: 'x', WeiXinIndexContact: '1' },
      { WeiXinContact: 5, WeiXinIndexContact: 1 },
      { WeiXinIndexContact: 1 },
      {},
      [],
      null,
      'kefu01',
      1,
    ])
      same(value);
  });

  it('agrees with the contract schema on any value', () => {
    const field = (known: fc.Arbitrary<unknown>) => fc.oneof(known, fc.anything());
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.record({ WeiXinContact: field(fc.string()), WeiXinIndexContact: field(fc.constantFrom(0, 1, 2, 3, '1', 1.5)) }, { requiredKeys: [] })),
        (value) => same(value),
      ),
    );
  });
});
