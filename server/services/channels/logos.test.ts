import { CHANNEL_VALIDATION, LOGO_MAX_BYTES } from '../../../src/domain/channels';
import { decodeLogo, logoUrl } from './logos';

/** A partner's logo as sent (logos.ts): PNG, JPEG or GIF by its bytes, at most 5 MB, or a 400 on the logo field. */

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const GIF = [...Buffer.from('GIF89a')];

/** A data URL of these leading bytes, padded with zeros to `size` bytes. */
function dataUrl(leading: number[], size = 64, declared = 'image/png') {
  const bytes = Buffer.alloc(size);
  Buffer.from(leading).copy(bytes);
  return `data:${declared};base64,${bytes.toString('base64')}`;
}

const refusal = (message: string) => expect.objectContaining({ statusCode: 400, message, errors: { logotipo: message } });

it.each([
  ['a PNG', PNG, 'image/png'],
  ['a JPEG', JPEG, 'image/jpeg'],
  ['a GIF', GIF, 'image/gif'],
])('takes %s by its bytes, whatever type the URL declares', (_what, bytes, mimeType) => {
  const logo = decodeLogo(dataUrl(bytes, 64, 'image/webp'));
  expect(logo.mimeType).toBe(mimeType);
  expect(logo.content).toHaveLength(64);
  expect([...logo.content.subarray(0, bytes.length)]).toEqual(bytes);
});

it('takes a logo of exactly 5 MB and refuses one byte more', () => {
  expect(decodeLogo(dataUrl(PNG, LOGO_MAX_BYTES)).content).toHaveLength(LOGO_MAX_BYTES);
  expect(() => decodeLogo(dataUrl(PNG, LOGO_MAX_BYTES + 1))).toThrow(refusal(CHANNEL_VALIDATION.logoTooLarge));
});

it.each([
  ['an SVG', dataUrl([...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')], 64, 'image/svg+xml')],
  ['a PNG cut short', dataUrl(PNG.slice(0, 7), 7)],
  ['an empty image', 'data:image/png;base64,'],
  ['a URL, not a data URL', 'https://exemplo.com/logo.png'],
  ['a data URL that is not base64', 'data:image/png,%89PNG'],
])('refuses %s as no PNG, JPG or GIF', (_what, sent) => {
  expect(() => decodeLogo(sent)).toThrow(refusal(CHANNEL_VALIDATION.logoType));
});

it("names the logo's version in its URL, so that a new image is a new URL", () => {
  expect(logoUrl(12, new Date('2026-05-10T12:00:00.123Z'))).toBe(`/api/partners/12/logo?v=${Date.UTC(2026, 4, 10, 12, 0, 0, 123)}`);
});
