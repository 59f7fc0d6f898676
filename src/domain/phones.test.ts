import { nationalPhoneDigits } from './phones';

describe('nationalPhoneDigits', () => {
  it.each([
    ['+55 11 98765-4321', '11987654321'],
    ['0055 11 98765-4321', '11987654321'],
    ['011 98765-4321', '11987654321'],
    ['+55 (11) 3456-7890', '1134567890'],
    ['(55) 99876-5432', '55998765432'],
    ['+55 55 3456-7890', '5534567890'],
    ['(11) 98765-4321', '11987654321'],
  ])('%s → %s', (written, national) => expect(nationalPhoneDigits(written)).toBe(national));
});
