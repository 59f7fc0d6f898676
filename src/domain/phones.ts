// Alone, without the documents' rules: the checkout's first load reads it (the phone mask).

/**
 * A Brazilian phone number's national digits (DDD and number) from one written to be dialled from
 * abroad or with a leading zero: '+55 11 98765-4321', '0055 11 98765-4321' and '011 98765-4321' all
 * give '11987654321'. No DDD starts with 0, and 55 is only the country code when more than the
 * eleven national digits follow it (55 is also a DDD).
 */
export function nationalPhoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits;
}
