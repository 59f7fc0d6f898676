import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { MaskedTextField } from '../../../components/forms/MaskedTextField';
import { TextField } from '../../../components/forms/TextField';
import { CHECKOUT_MAX_TEXT, CHECKOUT_TEXTS } from '../../../domain/checkout';
import { useCardBrand } from '../useCardBrand';
import { CardBrandBadge } from './CardBrandBadge';
import { CheckoutSection } from './CheckoutSection';

const { labels, placeholders, hints } = CHECKOUT_TEXTS;

export function CardSection() {
  const [number] = useField<string>('creditCard.number');
  const brand = useCardBrand(number.value);
  return (
    <CheckoutSection title={CHECKOUT_TEXTS.sections.card}>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Box gridColumn="1 / -1">
          <MaskedTextField
            name="creditCard.number"
            label={labels.number}
            required
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            helperText={brand ? `${CHECKOUT_TEXTS.brandDetected}: ${brand}` : undefined}
            endElement={brand ? <CardBrandBadge brand={brand} /> : null}
            mask="cardNumber"
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
        <MaskedTextField
          name="creditCard.expiryMonth"
          label={labels.expiryMonth}
          required
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder={placeholders.expiryMonth}
          mask="expiryMonth"
        />
        <MaskedTextField
          name="creditCard.expiryYear"
          label={labels.expiryYear}
          required
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder={placeholders.expiryYear}
          mask="expiryYear"
        />
        <Box gridColumn={{ base: '1 / -1', md: 'span 2' }}>
          <MaskedTextField
            name="creditCard.ccv"
            label={labels.ccv}
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            helperText={hints.ccv}
            mask="ccv"
          />
        </Box>
      </SimpleGrid>
      <Text fontSize="sm" color="gray.600" mt="2">
        {CHECKOUT_TEXTS.securityNote}
      </Text>
    </CheckoutSection>
  );
}
