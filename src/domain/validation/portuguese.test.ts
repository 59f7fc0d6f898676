import { isSchema, ValidationError, type AnySchema, type SchemaDescription, type SchemaFieldDescription } from 'yup';
import { PARAMETER_KINDS } from '../settings';
import { ENGLISH_DEFAULT_MESSAGE } from '../../test/englishMessages';
import * as beneficiaries from './beneficiaries';
import * as care from './care';
import * as channels from './channels';
import * as checkout from './checkout';
import * as login from './login';
import * as parameters from './parameters';
import * as profile from './profile';

/**
 * Every rule the forms and the server share answers bad input in Portuguese: each field of each
 * schema is sent values of every wrong kind, and no message may be one of yup's English defaults
 * (which a 400 would pass on to the user as it is).
 */

const { beneficiaryCreateSchema, beneficiaryEditSchema } = beneficiaries;
const { appointmentRequestSchema, newAppointmentSchema, professionalSchema, scheduleIntervalSchema } = care;
const { branchSchema, partnerSchema, resellerSchema } = channels;
const { checkoutSchema, paymentRequestSchema, pixCheckoutSchema, pixPaymentRequestSchema } = checkout;
const { changePasswordSchema, loginRequestSchema, loginSchema } = login;
const { parameterUpdateSchema, parameterValueSchema } = parameters;
const { profilePasswordSchema } = profile;

const FLAGS = [true, false];
const SCHEMAS: [string, AnySchema][] = [
  ['loginSchema', loginSchema],
  ['loginRequestSchema', loginRequestSchema],
  ['changePasswordSchema', changePasswordSchema],
  ['profilePasswordSchema', profilePasswordSchema],
  ...FLAGS.map((creating): [string, AnySchema] => [`partnerSchema creating=${creating}`, partnerSchema({ creating })]),
  ...FLAGS.flatMap((creating) =>
    FLAGS.map((withPartner): [string, AnySchema] => [`branchSchema ${creating}/${withPartner}`, branchSchema({ creating, withPartner })]),
  ),
  ...FLAGS.flatMap((creating) =>
    FLAGS.flatMap((withPartner) =>
      FLAGS.map((withBranch): [string, AnySchema] => [
        `resellerSchema ${creating}/${withPartner}/${withBranch}`,
        resellerSchema({ creating, withPartner, withBranch }),
      ]),
    ),
  ),
  ['beneficiaryCreateSchema', beneficiaryCreateSchema],
  ['beneficiaryEditSchema', beneficiaryEditSchema],
  ['professionalSchema', professionalSchema],
  ['scheduleIntervalSchema', scheduleIntervalSchema],
  ['newAppointmentSchema', newAppointmentSchema],
  ['appointmentRequestSchema', appointmentRequestSchema],
  ['checkoutSchema', checkoutSchema],
  ['paymentRequestSchema', paymentRequestSchema],
  ['pixCheckoutSchema', pixCheckoutSchema],
  ['pixPaymentRequestSchema', pixPaymentRequestSchema],
  ...PARAMETER_KINDS.map((kind): [string, AnySchema] => [`parameterUpdateSchema ${kind}`, parameterUpdateSchema(kind)]),
];
/** The schemas made by a function (per role or kind), called above with every variant (parameterValueSchema inside parameterUpdateSchema). */
const FACTORIES: unknown[] = [partnerSchema, branchSchema, resellerSchema, parameterUpdateSchema, parameterValueSchema];

it('walks every schema the validation modules export', () => {
  const exported = Object.entries({ ...beneficiaries, ...care, ...channels, ...checkout, ...login, ...parameters, ...profile });
  const walked = new Set(SCHEMAS.map(([, schema]) => schema));
  const missing = exported
    .filter(([name, value]) => (isSchema(value) ? !walked.has(value as AnySchema) : /Schema$/.test(name) && !FACTORIES.includes(value)))
    .map(([name]) => name);
  expect(missing).toEqual([]);
});

/** A value of every kind a client could send where another was expected. */
const WRONG_VALUES: unknown[] = [2.5, -1, 0, 1e12, Number.MAX_SAFE_INTEGER, '', '   ', 'x'.repeat(5000), 'abc', {}, [], [{}], true, null];

const hasFields = (
  description: SchemaFieldDescription,
): description is SchemaDescription & { fields: Record<string, SchemaFieldDescription> } =>
  'fields' in description && description.type === 'object';

/** Bodies that put each wrong value in each field, nested objects and lists' items included. */
function wrongBodies(description: SchemaFieldDescription): unknown[] {
  if (!hasFields(description)) return WRONG_VALUES;
  const bodies: unknown[] = [...WRONG_VALUES];
  for (const [name, field] of Object.entries(description.fields)) {
    const inner = 'innerType' in field && field.innerType && !Array.isArray(field.innerType) ? field.innerType : undefined;
    const values = [...wrongBodies(field), ...(inner ? wrongBodies(inner).map((item) => [item]) : [])];
    for (const value of values) bodies.push({ [name]: value });
  }
  return bodies;
}

it.each(SCHEMAS)('%s answers every wrong value in Portuguese', async (_name, schema) => {
  const english = new Set<string>();
  for (const body of wrongBodies(schema.describe())) {
    try {
      await schema.validate(body, { abortEarly: false, stripUnknown: true });
    } catch (error) {
      // yup's own trim() throws on a value that is not text: the server answers that 'Dados inválidos.'.
      if (error instanceof TypeError) continue;
      if (!(error instanceof ValidationError)) throw error;
      for (const message of error.errors) if (ENGLISH_DEFAULT_MESSAGE.test(message)) english.add(message.slice(0, 100));
    }
  }
  expect([...english]).toEqual([]);
});
