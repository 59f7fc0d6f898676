import { useEffect, useState } from 'react';
import type { CardBrand, cardBrand } from '../../domain/cards';

// The brand table (credit-card-type) is not part of the page's first load; it comes with the masks,
// once a card number is being typed.
const loadCards = () => import(/* webpackChunkName: "masks" */ '../../domain/cards');

/** The brand of the card number typed so far, once the brand table has arrived (null until then). */
export function useCardBrand(number: string): CardBrand | null {
  const [brandOf, setBrandOf] = useState<{ find: typeof cardBrand } | null>(null);
  const typing = number !== '';
  useEffect(() => {
    if (!typing || brandOf) return;
    let current = true;
    void loadCards().then((cards) => current && setBrandOf({ find: cards.cardBrand }));
    return () => {
      current = false;
    };
  }, [typing, brandOf]);
  return brandOf ? brandOf.find(number) : null;
}
