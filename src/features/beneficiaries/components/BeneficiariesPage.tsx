import { UnderConstruction } from '../../../components/UnderConstruction';

export default function BeneficiariesPage() {
  return <UnderConstruction title="Lista de Beneficiários" />;
}
