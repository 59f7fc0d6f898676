import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { CHECKOUT_TEXTS } from '../../../domain/checkout';
import { formatBRL } from '../../../domain/format';
import { PLAN_IDS, PLANS } from '../../../domain/plans';
import { CheckoutSection } from './CheckoutSection';

/** The three plans as large radio cards; consulta_avulsa comes chosen. */
export function PlanSection() {
  const [field, , helpers] = useField<string>('selectedPlan');
  return (
    <CheckoutSection title={CHECKOUT_TEXTS.sections.plan}>
      <Stack gap="3">
        {PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          const checked = field.value === id;
          return (
            <Flex
              key={id}
              as="label"
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
                name="selectedPlan"
                value={id}
                checked={checked}
                aria-label={plan.name}
                aria-describedby={`plano-${id}-detalhe`}
                onChange={() => void helpers.setValue(id)}
                style={{ width: 18, height: 18, accentColor: 'var(--chakra-colors-teal-600)' }}
              />
              <Box flex="1">
                <Text fontWeight="semibold">{plan.name}</Text>
                <Text id={`plano-${id}-detalhe`} fontSize="sm" color="gray.600">
                  {plan.recurring ? `${formatBRL(plan.price)} ${CHECKOUT_TEXTS.monthly}` : CHECKOUT_TEXTS.oneOff}
                </Text>
              </Box>
              <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap">
                {formatBRL(plan.price)}
              </Text>
            </Flex>
          );
        })}
      </Stack>
    </CheckoutSection>
  );
}
