import { useSearchParams } from 'react-router-dom';
import { ORDER_QUERY_PARAM } from '../../../domain/checkout';
import { CheckoutScreen } from './CheckoutScreen';

/** The SPA's /checkout route: the same page the standalone checkout bundle renders. */
export default function CheckoutPage() {
  const [searchParams] = useSearchParams();
  return <CheckoutScreen rev={searchParams.get('rev')} orderId={searchParams.get(ORDER_QUERY_PARAM)} />;
}
