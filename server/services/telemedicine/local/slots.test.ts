import { zonedInstant } from '../dates';
import { decodeSlotId, encodeSlotId } from './slotIds';
import { freeSlots, inOfferOrder, type WorkingSchedule } from './slots';

const schedule = (professionalId: number, intervals: WorkingSchedule['intervals'], consultationMinutes = 30): WorkingSchedule => ({
  professionalId,
  consultationMinutes,
  intervals,
});
const LONG_AGO = new Date('2000-01-01T00:00:00Z');
const times = (slots: Array<{ date: string; from: string; to: string }>) => slots.map((slot) => `${slot.date} ${slot.from}-${slot.to}`);

describe('slot generation from weekly schedules', () => {
  it('cuts each interval of the weekday into consultations, dropping a too-short tail', () => {
    // 2027-03-01 is a Monday.
    const slots = freeSlots({
      schedules: [schedule(1, [{ weekday: 1, start: '08:00', end: '09:40' }], 30)],
      from: '2027-03-01',
      to: '2027-03-07',
      now: LONG_AGO,
      busy: new Map(),
    });
    expect(times(slots)).toEqual(['2027-03-01 08:00-08:30', '2027-03-01 08:30-09:00', '2027-03-01 09:00-09:30']);
    expect(slots[0].startsAt.toISOString()).toBe('2027-03-01T11:00:00.000Z');
  });

  it('leaves out booked times, overlapping ones too, and the patient’s own appointments', () => {
    const at = (time: string) => zonedInstant('2027-03-01', time);
    const slots = freeSlots({
      schedules: [schedule(1, [{ weekday: 1, start: '08:00', end: '10:00' }])],
      from: '2027-03-01',
      to: '2027-03-01',
      now: LONG_AGO,
      busy: new Map([[1, [{ start: at('08:15'), end: at('08:45') }]]]),
      patientBusy: [{ start: at('09:30'), end: at('10:00') }],
    });
    expect(times(slots)).toEqual(['2027-03-01 09:00-09:30']);
  });

  it('never offers a time that has already started', () => {
    const slots = freeSlots({
      schedules: [schedule(1, [{ weekday: 1, start: '08:00', end: '10:00' }])],
      from: '2027-03-01',
      to: '2027-03-01',
      now: zonedInstant('2027-03-01', '08:45'),
      busy: new Map(),
    });
    expect(times(slots)).toEqual(['2027-03-01 09:00-09:30', '2027-03-01 09:30-10:00']);
  });

  it('walks across month and year ends with the right weekdays', () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '10:30' }));
    const acrossMonths = freeSlots({
      schedules: [schedule(1, everyDay)],
      from: '2028-02-27',
      to: '2028-03-02',
      now: LONG_AGO,
      busy: new Map(),
    });
    expect(acrossMonths.map((slot) => slot.date)).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01', '2028-03-02']);
    const weekendOnly = [0, 6].map((weekday) => ({ weekday, start: '10:00', end: '10:30' }));
    const acrossYears = freeSlots({
      schedules: [schedule(1, weekendOnly)],
      from: '2027-12-30',
      to: '2028-01-03',
      now: LONG_AGO,
      busy: new Map(),
    });
    // 2028-01-01 is a Saturday and 2028-01-02 a Sunday.
    expect(acrossYears.map((slot) => slot.date)).toEqual(['2028-01-01', '2028-01-02']);
  });

  it('offers each professional’s time apart, ordered by start, length and professional name', () => {
    const names = new Map([
      [1, 'Dra. Beatriz'],
      [2, 'Dr. Álvaro'],
      [3, 'Dra. Carla'],
    ]);
    const offered = inOfferOrder(
      freeSlots({
        schedules: [
          schedule(1, [{ weekday: 1, start: '08:00', end: '09:00' }], 30),
          schedule(2, [{ weekday: 1, start: '08:30', end: '09:30' }], 30),
          schedule(3, [{ weekday: 1, start: '08:00', end: '09:00' }], 20),
        ],
        from: '2027-03-01',
        to: '2027-03-01',
        now: LONG_AGO,
        busy: new Map(),
      }),
      (id) => names.get(id)!,
    );
    expect(offered.map((slot) => [slot.from, slot.to, slot.professionalId])).toEqual([
      ['08:00', '08:20', 3],
      ['08:00', '08:30', 1],
      ['08:20', '08:40', 3],
      // Two professionals free at 08:30: two slots, Álvaro before Beatriz.
      ['08:30', '09:00', 2],
      ['08:30', '09:00', 1],
      ['08:40', '09:00', 3],
      ['09:00', '09:30', 2],
    ]);
  });
});

describe('slot ids', () => {
  it('round-trips the professional, specialty, start and length', () => {
    const slot = { professionalId: 123_456, specialtyId: 7, startsAt: new Date('2027-03-01T11:30:00Z'), minutes: 40 };
    const id = encodeSlotId(slot);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(decodeSlotId(id)).toEqual(slot);
    // The same time with another professional is another slot.
    const other = encodeSlotId({ ...slot, professionalId: 123_457 });
    expect(other).not.toBe(id);
    expect(decodeSlotId(other)?.professionalId).toBe(123_457);
  });

  it('refuses to encode a field that does not fit', () => {
    const slot = { professionalId: 1, specialtyId: 7, startsAt: new Date('2027-03-01T11:30:00Z'), minutes: 40 };
    expect(() => encodeSlotId({ ...slot, minutes: 0x1000 })).toThrow(RangeError);
    expect(() => encodeSlotId({ ...slot, specialtyId: 0x10000 })).toThrow(RangeError);
    expect(() => encodeSlotId({ ...slot, professionalId: -1 })).toThrow(RangeError);
  });

  it('rejects garbled or foreign ids', () => {
    const id = encodeSlotId({ professionalId: 3, specialtyId: 7, startsAt: new Date('2027-03-01T11:30:00Z'), minutes: 40 });
    const tampered = id.slice(0, -1) + (id.endsWith('0') ? '1' : '0');
    expect(decodeSlotId(tampered)).toBeUndefined();
    expect(decodeSlotId('3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBeUndefined();
    expect(decodeSlotId(42)).toBeUndefined();
  });
});
