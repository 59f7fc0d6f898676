import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import type { AttemptCounters, AttemptLimit, AttemptWindow } from '../limits/attemptCounters';
import { admitCardAttempt, CARD_VELOCITY_LIMITS, DECLINE_RATE_LIMIT, type CardAttemptSubjects } from './cardVelocity';

/**
 * The counters as the card limits use them, in memory: the totals a test sets, and what was
 * admitted and recorded (the database's counting has tests of its own, with the routes').
 */
class CountersAtHand {
  readonly totals = new Map<string, number>();
  readonly admitted: Array<Array<[AttemptLimit, string]>> = [];

  setTotal(window: AttemptWindow, total: number) {
    this.totals.set(window.name, total);
  }
  async total(window: AttemptWindow) {
    return this.totals.get(window.name) ?? 0;
  }
  async admit(...entries: Array<[AttemptLimit, string]>) {
    this.admitted.push(entries);
    return entries.map(([limit, subject]) => ({ key: `${limit.name}:${subject}`, bucketStart: new Date(0) }));
  }
  async record(window: AttemptWindow) {
    return { total: 1, counted: { key: window.name, bucketStart: new Date(0) } };
  }
  async takeBack() {}
}

const subjects: CardAttemptSubjects = {
  cardNumber: '4111 1111 1111 1111',
  cpfCnpj: '529.982.247-25',
  email: 'joana@exemplo.com',
  address: '203.0.113.7',
  resellerId: null,
};

const admit = (counters: CountersAtHand, who: CardAttemptSubjects = subjects) =>
  admitCardAttempt(counters as unknown as AttemptCounters, who);

describe('the overall decline rate', () => {
  it.each([
    ['29 refusals of 29 charges: too few refusals to judge', DECLINE_RATE_LIMIT.minRefusals - 1, DECLINE_RATE_LIMIT.minRefusals - 1, true],
    ['30 refusals of 60 charges: half refused', DECLINE_RATE_LIMIT.minRefusals, 60, false],
    ['30 refusals of 61 charges: under half refused', DECLINE_RATE_LIMIT.minRefusals, 61, true],
  ])('%s', async (_case, refusals, charges, admitted) => {
    const counters = new CountersAtHand();
    counters.setTotal(DECLINE_RATE_LIMIT.refusals, refusals);
    counters.setTotal(DECLINE_RATE_LIMIT.charges, charges);
    if (admitted) {
      await expect(admit(counters)).resolves.toHaveLength(4);
    } else {
      await expect(admit(counters)).rejects.toMatchObject({ statusCode: 429, message: CHECKOUT_MESSAGES.paymentsPaused });
      expect(counters.admitted).toHaveLength(0);
    }
  });
});

describe('the subjects counted', () => {
  it('counts a card, a CPF and an e-mail however they are typed, and the sales link when there is one', async () => {
    const counters = new CountersAtHand();
    await admit(counters, { ...subjects, email: '  Joana@Exemplo.COM ', resellerId: 7 });
    expect(counters.admitted).toEqual([
      [
        [CARD_VELOCITY_LIMITS.refusalsPerCard, '4111111111111111'],
        [CARD_VELOCITY_LIMITS.refusalsPerCpf, '52998224725'],
        [CARD_VELOCITY_LIMITS.refusalsPerEmail, 'joana@exemplo.com'],
        [CARD_VELOCITY_LIMITS.refusalsPerAddress, expect.any(String)],
        [CARD_VELOCITY_LIMITS.refusalsPerSalesLink, '7'],
      ],
    ]);
  });
});
