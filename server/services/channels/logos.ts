import { CHANNEL_VALIDATION, LOGO_MAX_BYTES } from '../../../src/domain/channels';
import { parseDataUrl, SNIFF_BYTES, sniffImageType, type AcceptedImageType } from '../../../src/domain/imageFiles';
import { badRequest } from '../../lib/httpErrors';

export interface LogoImage {
  mimeType: AcceptedImageType;
  content: Buffer;
}

const refuse = (message: string) => badRequest(message, { logotipo: message });

/** Decodes a logo sent as a data URL; only PNG, JPEG or GIF bytes of at most 5 MB pass. */
export function decodeLogo(dataUrl: string): LogoImage {
  const parsed = parseDataUrl(dataUrl);
  if (!parsed) throw refuse(CHANNEL_VALIDATION.logoType);
  const content = Buffer.from(parsed.base64, 'base64');
  if (content.length > LOGO_MAX_BYTES) throw refuse(CHANNEL_VALIDATION.logoTooLarge);
  const mimeType = sniffImageType(content.subarray(0, SNIFF_BYTES));
  if (!mimeType) throw refuse(CHANNEL_VALIDATION.logoType);
  return { mimeType, content };
}

/** The logo's public URL; the version changes with every new image, so browsers may cache it for good. */
export const logoUrl = (partnerId: number, updatedAt: Date) => `/api/partners/${partnerId}/logo?v=${updatedAt.getTime()}`;
