import { MAX_CANDIDATES, MAX_PREPARED_STATEMENTS, StatementNames, UNPREPARED } from './preparedStatements';

describe('StatementNames', () => {
  it('names a text from its second use on, always by the same name, and each text by its own', () => {
    const names = new StatementNames();
    expect(names.nameFor('select $1::int')).toBeUndefined();
    const name = names.nameFor('select $1::int');
    expect(name).toMatch(/^portal_\d+$/);
    expect(names.nameFor('select $1::int')).toBe(name);
    names.nameFor('select $1::text');
    const other = names.nameFor('select $1::text');
    expect(other).toMatch(/^portal_\d+$/);
    expect(other).not.toBe(name);
  });

  it(`prepares at most ${MAX_PREPARED_STATEMENTS} texts; those already named keep their names`, () => {
    const names = new StatementNames();
    const text = (index: number) => `select ${index} + $1`;
    for (let index = 0; index < MAX_PREPARED_STATEMENTS; index++) names.nameFor(text(index));
    const given = Array.from({ length: MAX_PREPARED_STATEMENTS }, (_, index) => names.nameFor(text(index)));
    expect(new Set(given).size).toBe(MAX_PREPARED_STATEMENTS);
    expect(given.every((name) => name !== undefined)).toBe(true);
    names.nameFor(text(MAX_PREPARED_STATEMENTS));
    expect(names.nameFor(text(MAX_PREPARED_STATEMENTS))).toBeUndefined();
    expect(names.nameFor(text(0))).toBe(given[0]);
  });

  it(`still prepares a repeated text after ${MAX_CANDIDATES} one-off texts, forgetting the oldest of those`, () => {
    const names = new StatementNames();
    const oneOff = (index: number) => `select ${index} + $1`;
    names.nameFor(oneOff(0));
    for (let index = 1; index <= MAX_CANDIDATES; index++) names.nameFor(oneOff(index));
    names.nameFor('select $1::int');
    expect(names.nameFor('select $1::int')).toMatch(/^portal_\d+$/);
    // The first one-off text was forgotten: seen again, it counts as a first use.
    expect(names.nameFor(oneOff(0))).toBeUndefined();
    expect(names.nameFor(oneOff(MAX_CANDIDATES))).toMatch(/^portal_\d+$/);
  });

  it('runs a refused text unnamed from then on, and never gives its name to another text', () => {
    const names = new StatementNames();
    names.nameFor('select $1::int');
    const refusedName = names.nameFor('select $1::int');
    names.refuse('select $1::int');
    expect(names.nameFor('select $1::int')).toBeUndefined();
    expect(names.nameFor('select $1::int')).toBeUndefined();
    names.nameFor('select $1::date');
    expect(names.nameFor('select $1::date')).not.toBe(refusedName);
  });

  it('never names a text marked UNPREPARED, which takes none of the budget', () => {
    const names = new StatementNames();
    for (let use = 0; use < 3; use++) expect(names.nameFor(`select $1::int where ${UNPREPARED} true`)).toBeUndefined();
    for (let text = 0; text < MAX_PREPARED_STATEMENTS + 5; text++) {
      names.nameFor(`select $1::int where 'x${text}' ${UNPREPARED} <> ''`);
      expect(names.nameFor(`select $1::int where 'x${text}' ${UNPREPARED} <> ''`)).toBeUndefined();
    }
    names.nameFor('select $1::int');
    expect(names.nameFor('select $1::int')).toBe('portal_1');
  });
});
