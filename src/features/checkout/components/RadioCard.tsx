import { Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface RadioCardProps {
  /** The radio group's name: one choice per name. */
  name: string;
  value: string;
  checked: boolean;
  label: string;
  /** The line under the label, read out with it (aria-describedby). */
  detail: string;
  onChoose: () => void;
  /** Shown at the card's right end (a plan's price). */
  aside?: ReactNode;
  flex?: string;
}

/** One choice of the checkout as a large card around its radio button: the plan, the payment method. */
export function RadioCard({ name, value, checked, label, detail, onChoose, aside, flex }: RadioCardProps) {
  const detailId = `${name}-${value}-detalhe`;
  return (
    <Flex
      as="label"
      flex={flex}
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
        name={name}
        value={value}
        checked={checked}
        aria-label={label}
        aria-describedby={detailId}
        onChange={onChoose}
        style={{ width: 18, height: 18, accentColor: 'var(--chakra-colors-teal-600)' }}
      />
      <Stack gap="0" flex="1">
        <Text fontWeight="semibold">{label}</Text>
        <Text id={detailId} fontSize="sm" color="gray.600">
          {detail}
        </Text>
      </Stack>
      {aside}
    </Flex>
  );
}
