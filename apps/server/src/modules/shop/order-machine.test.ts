import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderStates, type OrderState } from '@kaoshi/contract';
import { nextState, paymentStateOf, type OrderEvent } from './order-machine.ts';

const events: OrderEvent[] = ['pay', 'fulfil', 'close', 'refund'];
const run = (seq: OrderEvent[]) => {
  let state: OrderState = 'created';
  const applied: OrderEvent[] = [];
  for (const e of seq) {
    const next = nextState(state, e);
    if (next) {
      state = next;
      applied.push(e);
    }
  }
  return { state, applied };
};

describe('order state machine', () => {
  it('lets any sequence of events pay at most once and fulfil at most once, and only after paying', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 40 }), (seq) => {
        const { applied } = run(seq);
        expect(applied.filter((e) => e === 'pay').length).toBeLessThanOrEqual(1);
        expect(applied.filter((e) => e === 'fulfil').length).toBeLessThanOrEqual(1);
        const fulfil = applied.indexOf('fulfil');
        if (fulfil >= 0) expect(applied.indexOf('pay')).toBeLessThan(fulfil);
      }),
    );
  });

  it('never leaves refunded, and refunds only what was paid', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 40 }), (seq) => {
        const { state, applied } = run(seq);
        const refund = applied.indexOf('refund');
        if (refund >= 0) {
          expect(state).toBe('refunded');
          expect(applied.indexOf('pay')).toBeLessThan(refund);
          expect(applied.length).toBe(refund + 1);
        }
      }),
    );
  });

  it('closes only an unpaid order, and a payment after closing re-opens it as paid', () => {
    for (const s of orderStates) expect(nextState(s, 'close')).toBe(s === 'created' ? 'closed' : null);
    expect(nextState('closed', 'pay')).toBe('paid');
    expect(nextState('fulfilled', 'pay')).toBeNull();
    expect(nextState('refunded', 'pay')).toBeNull();
  });

  it('says what the payment came to: a group-buy order paid while its group is not full waits for it; any other paid order is paid', () => {
    expect(orderStates.map((s) => [s, paymentStateOf(s, 'buy'), paymentStateOf(s, 'upgrade'), paymentStateOf(s, 'group')])).toEqual([
      ['created', 'unpaid', 'unpaid', 'unpaid'],
      ['paid', 'paid', 'paid', 'awaitingGroup'],
      ['fulfilled', 'paid', 'paid', 'paid'],
      ['closed', 'closed', 'closed', 'closed'],
      ['refunded', 'refunded', 'refunded', 'refunded'],
    ]);
  });
});
