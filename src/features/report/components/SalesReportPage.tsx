import { UnderConstruction } from '../../../components/UnderConstruction';

export default function SalesReportPage() {
  return <UnderConstruction title="Relatório de Vendas" />;
}
