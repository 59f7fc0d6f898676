import { Box } from '@chakra-ui/react';
import type { CardBrand } from '../../../domain/cards';

/** Each brand's own colour, dark enough for white text (contrast of 4.5:1 or more). */
const BRAND_COLOURS: Record<CardBrand, string> = {
  Visa: '#1A1F71',
  Mastercard: '#231F20',
  Elo: '#000000',
  Amex: '#006FCF',
  Hipercard: '#B3131B',
};

/** The card's brand as a small badge inside the number field; read out by its name ('Visa'). */
export function CardBrandBadge({ brand }: { brand: CardBrand }) {
  return (
    <Box
      role="img"
      aria-label={brand}
      bg={BRAND_COLOURS[brand]}
      color="white"
      fontSize="2xs"
      fontWeight="bold"
      letterSpacing="wide"
      textTransform="uppercase"
      lineHeight="1"
      px="1.5"
      py="1"
      borderRadius="sm"
    >
      {brand}
    </Box>
  );
}
