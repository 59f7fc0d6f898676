import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { TextField } from '../../../components/forms/TextField';
import { cardBrand, formatCardNumber } from '../../../domain/cards';
import { CHECKOUT_MAX_DIGITS, CHECKOUT_MAX_TEXT, CHECKOUT_TEXTS } from '../../../domain/checkout';
import { onlyDigits } from '../../../domain/documents';
import { CheckoutSection } from './CheckoutSection';

const { labels, placeholders, hints } = CHECKOUT_TEXTS;
const digitsUpTo = (max: number) => (value: string) => onlyDigits(value).slice(0, max);

export function CardSection() {
  const [number] = useField<string>('creditCard.number');
  const brand = cardBrand(number.value);
  return (
    <CheckoutSection title={CHECKOUT_TEXTS.sections.card}>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Box gridColumn="1 / -1">
          <TextField
            name="creditCard.number"
            label={labels.number}
            required
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={19}
            placeholder="0000 0000 0000 0000"
            helperText={brand ? `${CHECKOUT_TEXTS.brandDetected}: ${brand}` : undefined}
            format={formatCardNumber}
          />
        </Box>
        <Box gridColumn="1 / -1">
          <TextField
            name="creditCard.holderName"
            label={labels.holderName}
            required
            autoComplete="cc-name"
            autoCapitalize="characters"
            maxLength={CHECKOUT_MAX_TEXT}
          />
        </Box>
        <TextField
          name="creditCard.expiryMonth"
          label={labels.expiryMonth}
          required
          inputMode="numeric"
          autoComplete="cc-exp-month"
          maxLength={CHECKOUT_MAX_DIGITS.expiryMonth}
          placeholder={placeholders.expiryMonth}
          format={digitsUpTo(CHECKOUT_MAX_DIGITS.expiryMonth)}
        />
        <TextField
          name="creditCard.expiryYear"
          label={labels.expiryYear}
          required
          inputMode="numeric"
          autoComplete="cc-exp-year"
          maxLength={CHECKOUT_MAX_DIGITS.expiryYear}
          placeholder={placeholders.expiryYear}
          format={digitsUpTo(CHECKOUT_MAX_DIGITS.expiryYear)}
        />
        <Box gridColumn={{ base: '1 / -1', md: 'span 2' }}>
          <TextField
            name="creditCard.ccv"
            label={labels.ccv}
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={CHECKOUT_MAX_DIGITS.ccv}
            helperText={hints.ccv}
            format={digitsUpTo(CHECKOUT_MAX_DIGITS.ccv)}
          />
        </Box>
      </SimpleGrid>
      <Text fontSize="sm" color="gray.600" mt="2">
        {CHECKOUT_TEXTS.securityNote}
      </Text>
    </CheckoutSection>
  );
}
