/** GET /api/health as the API answers it: liveness, and which payment gateway and telemedicine provider are in use. */
import { Type, type Static } from '@sinclair/typebox';
import { WireObject } from './answers';

const upstreams = {
  payments: Type.Union([Type.Literal('sandbox'), Type.Literal('asaas')], { description: 'The payment gateway in use' }),
  telemedicine: Type.Union([Type.Literal('local'), Type.Literal('rapidoc')], { description: 'The telemedicine provider in use' }),
};

/** The server and its database answer. */
export const HealthUp = WireObject({ status: Type.Literal('ok'), ...upstreams });
export type HealthUp = Static<typeof HealthUp>;

/**
 * 503: this copy is stopping (a load balancer should send elsewhere) or its database does not
 * answer. Not the API's error shape: monitoring reads `status` and the upstreams here too.
 */
export const HealthDown = WireObject({
  status: Type.Union([Type.Literal('stopping'), Type.Literal('unavailable')]),
  message: Type.String(),
  requestId: Type.String(),
  ...upstreams,
});
export type HealthDown = Static<typeof HealthDown>;
