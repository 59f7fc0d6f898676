import { probedByThePage } from './agendaConditions';

// The words' shares as the statistics give them: 'silva' on one holder in thirteen, 'santos' on one in twenty.
const shares = new Map([
  ['silva', 0.077],
  ['santos', 0.05],
]);

describe('probedByThePage', () => {
  it.each([
    ['a first name and a surname', 'Carlos Ramos'],
    ['a rare word', 'Zuleica'],
    ['a word no common word holds', 'Ramalho'],
  ])('probes the patients in the page’s statement for %s', (_case, text) => {
    expect(probedByThePage(shares, text)).toBe(true);
  });

  it.each([
    ['a common word', 'Silva'],
    ['a part of one, accents and case aside', 'SÁNT'],
    ['digits (a CPF’s part)', '123.456'],
    ['a name with digits', 'Ana 12'],
  ])('leaves %s to a probe of its own', (_case, text) => {
    expect(probedByThePage(shares, text)).toBe(false);
  });

  it('probes any name in the page’s statement before the statistics are known', () => {
    expect(probedByThePage(new Map(), 'Silva')).toBe(true);
  });
});
