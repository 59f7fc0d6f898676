/** The telemedicine specialties and their free times as the API answers them (spec section 3). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, WireObject } from './answers';

export const Specialty = WireObject({ uuid: Type.String(), name: Type.String() });
export type Specialty = Static<typeof Specialty>;

/**
 * A bookable time: date dd/mm/yyyy, from/to HH:mm (the spec's fields), and the professional who
 * attends it in which specialty. Each slot is one professional's: booking it books that professional.
 * `professional` is null when the provider did not say who attends.
 */
export const AvailabilitySlot = WireObject({
  uuid: Type.String(),
  date: Type.String({ description: 'dd/mm/yyyy' }),
  from: Type.String({ description: 'HH:mm' }),
  to: Type.String({ description: 'HH:mm' }),
  professional: Nullable(WireObject({ name: Type.String() })),
  specialty: Specialty,
});
export type AvailabilitySlot = Static<typeof AvailabilitySlot>;
