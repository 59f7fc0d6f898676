import { createStaticPix, hasError } from 'pix-utils';
import QRCode from 'qrcode';
import type { PixSettings } from '../../config';

/** The Pix transaction id (field 62-05): up to 25 letters and digits; our order id without its dashes. */
export const pixTxid = (orderId: string) => orderId.replace(/[^A-Za-z0-9]/g, '').slice(0, 25);

/**
 * The sandbox's copy-and-paste code: a static EMV BR Code with the configured merchant, the amount
 * and the order's transaction id, CRC16 included (pix-utils builds and checks it).
 */
export function sandboxPixPayload(settings: PixSettings, orderId: string, amount: number): string {
  const pix = createStaticPix({
    merchantName: settings.merchantName,
    merchantCity: settings.merchantCity,
    pixKey: settings.key,
    txid: pixTxid(orderId),
    transactionAmount: amount,
  });
  if (hasError(pix)) throw new Error(`Pix payload not built: ${pix.message}`);
  return pix.toBRCode();
}

/** The QR code of a payload as a PNG, base64 (what Asaas's `encodedImage` holds). */
export async function qrCodePng(payload: string): Promise<string> {
  const dataUrl = await QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
  return dataUrl.replace(/^data:image\/png;base64,/, '');
}
