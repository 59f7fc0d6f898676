import { UnderConstruction } from '../../../components/UnderConstruction';

export default function CheckoutPage() {
  return <UnderConstruction title="Checkout de Pagamento" />;
}
