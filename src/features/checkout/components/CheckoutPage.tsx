import { useSearchParams } from 'react-router-dom';
import { CheckoutScreen } from './CheckoutScreen';

/** The SPA's /checkout route: the same page the standalone checkout bundle renders. */
export default function CheckoutPage() {
  const [searchParams] = useSearchParams();
  return <CheckoutScreen rev={searchParams.get('rev')} />;
}
