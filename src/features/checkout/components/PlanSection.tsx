import { Stack, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { CHECKOUT_TEXTS } from '../../../domain/checkout';
import { formatBRL } from '../../../domain/format';
import { PLAN_IDS, PLANS } from '../../../domain/plans';
import { CheckoutSection } from './CheckoutSection';
import { RadioCard } from './RadioCard';

/** The three plans as large radio cards; consulta_avulsa comes chosen. */
export function PlanSection() {
  const [field, , helpers] = useField<string>('selectedPlan');
  return (
    <CheckoutSection title={CHECKOUT_TEXTS.sections.plan}>
      <Stack gap="3">
        {PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          return (
            <RadioCard
              key={id}
              name="selectedPlan"
              value={id}
              checked={field.value === id}
              label={plan.name}
              detail={plan.recurring ? `${formatBRL(plan.price)} ${CHECKOUT_TEXTS.monthly}` : CHECKOUT_TEXTS.oneOff}
              onChoose={() => void helpers.setValue(id)}
              aside={
                <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap">
                  {formatBRL(plan.price)}
                </Text>
              }
            />
          );
        })}
      </Stack>
    </CheckoutSection>
  );
}
