import { SimpleGrid } from '@chakra-ui/react';
import { MaskedTextField } from '../../../components/forms/MaskedTextField';
import { TextField } from '../../../components/forms/TextField';
import { CHECKOUT_MAX_TEXT, CHECKOUT_TEXTS } from '../../../domain/checkout';
import { CheckoutSection } from './CheckoutSection';

const { labels, hints } = CHECKOUT_TEXTS;

export function PersonalSection() {
  return (
    <CheckoutSection title={CHECKOUT_TEXTS.sections.personal}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="name" label={labels.name} required autoComplete="name" maxLength={CHECKOUT_MAX_TEXT} />
        <MaskedTextField
          name="cpfCnpj"
          label={labels.cpfCnpj}
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          mask="cpfCnpj"
        />
        <TextField
          name="email"
          label={labels.email}
          required
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={CHECKOUT_MAX_TEXT}
        />
        <MaskedTextField
          name="phone"
          label={labels.phone}
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(00) 00000-0000"
          mask="phone"
        />
        <MaskedTextField
          name="mobilePhone"
          label={labels.mobilePhone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(00) 00000-0000"
          helperText={hints.mobilePhone}
          mask="phone"
        />
      </SimpleGrid>
    </CheckoutSection>
  );
}
