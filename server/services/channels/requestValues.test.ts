import { HttpError } from '../../lib/httpErrors';
import { recordId } from './requestValues';

/** A record id from the URL (requestValues.ts): a positive integer, or a record that does not exist (404). */

it.each([
  ['1', 1],
  ['42', 42],
  ['007', 7],
  ['999999999', 999_999_999],
])('reads %p as record %p', (raw, id) => {
  expect(recordId({ id: raw })).toBe(id);
});

it.each([['0'], ['000'], ['-1'], ['1.5'], ['1e3'], [' 1'], ['1 '], ['0x10'], ['1000000000'], [''], ['abc']])(
  'answers 404 for the id %p',
  (raw) => {
    expect(() => recordId({ id: raw })).toThrow(expect.objectContaining({ statusCode: 404, message: 'Registro não encontrado.' }));
  },
);

it('answers 404 for an id that is not text, and for no parameters at all', () => {
  for (const params of [{ id: 5 }, { id: ['5'] }, {}, null, undefined]) {
    expect(() => recordId(params)).toThrow(HttpError);
  }
});
