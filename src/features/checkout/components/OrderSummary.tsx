import { Box, Flex, Heading, Separator, Text } from '@chakra-ui/react';
import { CHECKOUT_TEXTS } from '../../../domain/checkout';
import { formatBRL } from '../../../domain/format';
import type { PaymentMethod } from '../../../domain/paymentMethods';
import { PIX_TEXTS } from '../../../domain/pix';
import type { Plan } from '../../../domain/plans';

/** How the plan is charged: monthly on the card for a recurring plan, once otherwise (Pix is always once). */
function chargeNote(plan: Plan, method: PaymentMethod): string {
  if (method === 'pix') return PIX_TEXTS.oneOffNote;
  return plan.recurring ? CHECKOUT_TEXTS.monthlyNote : CHECKOUT_TEXTS.oneOffNote;
}

/** What the buyer is about to pay: the plan, how it is charged and the total today. */
export function OrderSummary({ plan, method }: { plan: Plan; method: PaymentMethod }) {
  const monthly = plan.recurring && method === 'card';
  return (
    <Box as="section" aria-labelledby="resumo-do-pedido" bg="white" borderWidth="1px" borderRadius="xl" p="5">
      <Heading as="h2" id="resumo-do-pedido" size="md" mb="3">
        {CHECKOUT_TEXTS.sections.summary}
      </Heading>
      <Flex justify="space-between" gap="4">
        <Text>{plan.name}</Text>
        <Text whiteSpace="nowrap">
          {formatBRL(plan.price)}
          {monthly && ` ${CHECKOUT_TEXTS.monthly}`}
        </Text>
      </Flex>
      <Text fontSize="sm" color="gray.600" mt="1">
        {chargeNote(plan, method)}
      </Text>
      <Separator my="3" />
      <Flex justify="space-between" fontWeight="bold" fontSize="lg">
        <Text>{CHECKOUT_TEXTS.total}</Text>
        <Text data-testid="total-hoje">{formatBRL(plan.price)}</Text>
      </Flex>
    </Box>
  );
}
