import { Stack } from '@chakra-ui/react';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../../domain/paymentMethods';
import { PIX_TEXTS } from '../../../domain/pix';
import { paymentMethodChosen } from '../checkoutSlice';
import { useCheckoutDispatch, useCheckoutSelector } from '../hooks';
import { selectPaymentMethod } from '../selectors';
import { CheckoutSection } from './CheckoutSection';
import { RadioCard } from './RadioCard';

const DETAILS: Record<PaymentMethod, string> = {
  card: 'Aprovação na hora, no cartão de crédito.',
  pix: 'QR Code ou código copia e cola, pago no app do seu banco.',
};

/** 'Cartão de crédito' (chosen at first) or 'Pix', below the plan; the choice lives in the checkout slice. */
export function PaymentMethodSection() {
  const dispatch = useCheckoutDispatch();
  const method = useCheckoutSelector(selectPaymentMethod);
  return (
    <CheckoutSection title={PIX_TEXTS.methodLegend}>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        {PAYMENT_METHODS.map((id) => (
          <RadioCard
            key={id}
            name="paymentMethod"
            value={id}
            flex="1"
            checked={method === id}
            label={PAYMENT_METHOD_LABELS[id]}
            detail={DETAILS[id]}
            onChoose={() => dispatch(paymentMethodChosen(id))}
          />
        ))}
      </Stack>
    </CheckoutSection>
  );
}
