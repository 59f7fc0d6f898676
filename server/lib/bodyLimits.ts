import { LOGO_MAX_BYTES } from '../../src/domain/channels';

/**
 * Request body limits, in bytes: small for every route, raised only where a route needs more. A
 * bigger body is refused with 413 before it is parsed (by its Content-Length when it has one, or as
 * soon as that many bytes arrived). Multipart uploads are outside these: @fastify/multipart streams
 * them under its own per-file limits (professionals' documents).
 */
export const BODY_LIMITS = {
  /** Every route unless it says otherwise: the portal's JSON forms take a few KB. */
  default: 32 * 1024,
  /** Sign-in and password change: an e-mail and passwords. */
  credentials: 4 * 1024,
  /** The checkout's payment: the buyer's data and the card. */
  payment: 16 * 1024,
  /** A partner with its logo as a data URL: the largest logo in base64, and room for the other fields. */
  partnerWithLogo: Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 64 * 1024,
} as const;
