import { Flex, Stack, Text } from '@chakra-ui/react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../../domain/paymentMethods';
import { PIX_TEXTS } from '../../../domain/pix';
import { paymentMethodChosen } from '../checkoutSlice';
import { selectPaymentMethod } from '../selectors';
import { CheckoutSection } from './CheckoutSection';

const DETAILS: Record<PaymentMethod, string> = {
  card: 'Aprovação na hora, no cartão de crédito.',
  pix: 'QR Code ou código copia e cola, pago no app do seu banco.',
};

/** 'Cartão de crédito' (chosen at first) or 'Pix', below the plan; the choice lives in the checkout slice. */
export function PaymentMethodSection() {
  const dispatch = useAppDispatch();
  const method = useAppSelector(selectPaymentMethod);
  return (
    <CheckoutSection title={PIX_TEXTS.methodLegend}>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        {PAYMENT_METHODS.map((id) => {
          const checked = method === id;
          return (
            <Flex
              key={id}
              as="label"
              flex="1"
              align="center"
              gap="3"
              p="4"
              borderWidth="2px"
              borderRadius="lg"
              cursor="pointer"
              borderColor={checked ? 'teal.600' : 'gray.200'}
              bg={checked ? 'teal.50' : 'white'}
              _focusWithin={{ outline: '2px solid', outlineColor: 'teal.600', outlineOffset: '2px' }}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={id}
                checked={checked}
                aria-label={PAYMENT_METHOD_LABELS[id]}
                aria-describedby={`forma-${id}-detalhe`}
                onChange={() => dispatch(paymentMethodChosen(id))}
                style={{ width: 18, height: 18, accentColor: 'var(--chakra-colors-teal-600)' }}
              />
              <Stack gap="0">
                <Text fontWeight="semibold">{PAYMENT_METHOD_LABELS[id]}</Text>
                <Text id={`forma-${id}-detalhe`} fontSize="sm" color="gray.600">
                  {DETAILS[id]}
                </Text>
              </Stack>
            </Flex>
          );
        })}
      </Stack>
    </CheckoutSection>
  );
}
