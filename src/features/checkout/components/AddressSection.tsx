import { Box, SimpleGrid } from '@chakra-ui/react';
import { SelectField } from '../../../components/forms/SelectField';
import { MaskedTextField } from '../../../components/forms/MaskedTextField';
import { TextField } from '../../../components/forms/TextField';
import { useCepAutofill, type CepFields } from '../../../components/forms/useCepAutofill';
import { CHECKOUT_MAX_TEXT, CHECKOUT_TEXTS } from '../../../domain/checkout';
import { UFS } from '../../../domain/ufs';
import { useCheckoutCepLookUp } from '../hooks';
import { CheckoutSection } from './CheckoutSection';

const { labels, hints, placeholders } = CHECKOUT_TEXTS;
const UF_OPTIONS = UFS.map((uf) => ({ value: uf.code, label: uf.code }));

const CEP_FIELDS: CepFields = {
  cep: 'postalCode',
  street: 'address',
  neighbourhood: 'province',
  city: 'city',
  state: 'state',
  number: 'addressNumber',
};

/** The buyer's address; a complete CEP fills street, neighbourhood, city and UF. */
export function AddressSection() {
  const cepNote = useCepAutofill(CEP_FIELDS, useCheckoutCepLookUp());
  return (
    <CheckoutSection title={CHECKOUT_TEXTS.sections.address}>
      <SimpleGrid columns={{ base: 1, md: 6 }} gap="4">
        <Box gridColumn={{ md: 'span 2' }}>
          <MaskedTextField
            name="postalCode"
            label={labels.postalCode}
            required
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            mask="cep"
            helperText={cepNote}
          />
        </Box>
        <Box gridColumn={{ md: 'span 4' }}>
          <TextField name="address" label={labels.address} required autoComplete="address-line1" maxLength={CHECKOUT_MAX_TEXT} />
        </Box>
        <Box gridColumn={{ md: 'span 2' }}>
          <TextField name="addressNumber" label={labels.addressNumber} required maxLength={20} />
        </Box>
        <Box gridColumn={{ md: 'span 4' }}>
          <TextField
            name="addressComplement"
            label={labels.addressComplement}
            autoComplete="address-line2"
            maxLength={CHECKOUT_MAX_TEXT}
            helperText={hints.addressComplement}
          />
        </Box>
        <Box gridColumn={{ md: 'span 2' }}>
          <TextField name="province" label={labels.province} required autoComplete="address-level3" maxLength={CHECKOUT_MAX_TEXT} />
        </Box>
        <Box gridColumn={{ md: 'span 2' }}>
          <TextField name="city" label={labels.city} required autoComplete="address-level2" maxLength={CHECKOUT_MAX_TEXT} />
        </Box>
        <Box gridColumn={{ md: 'span 2' }}>
          <SelectField name="state" label={labels.state} required options={UF_OPTIONS} placeholder={placeholders.state} />
        </Box>
      </SimpleGrid>
    </CheckoutSection>
  );
}
