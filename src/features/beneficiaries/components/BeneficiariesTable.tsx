import type { ReactNode } from 'react';
import { CELL_CLASSES, CellNote, Emphasis, Indented, MutedText, NoWrap, VisuallyHidden } from '../../../components/list/cells';
import { DataTable, type Column } from '../../../components/list/DataTable';
import { RowActions } from '../../../components/list/RowActions';
import type { ListTableState } from '../../../components/list/listTableState';
import { StatusToggle } from '../../../components/StatusBadge';
import { BENEFICIARY_TEXTS as T, type Beneficiary } from '../../../domain/beneficiaries';
import { formatCpf } from '../../../domain/documents';

interface BeneficiariesTableProps extends ListTableState {
  rows: Beneficiary[] | undefined;
  emptyAction?: ReactNode;
  onView: (beneficiary: Beneficiary) => void;
  onEdit: (beneficiary: Beneficiary) => void;
  onToggleStatus: (beneficiary: Beneficiary) => void;
}

/** A dependent sits under its holder, indented and prefixed by an arrow. */
function NameCell({ row }: { row: Beneficiary }) {
  if (!row.holder) return <Emphasis>{row.name}</Emphasis>;
  return (
    <Indented>
      <span aria-hidden className={CELL_CLASSES.muted}>
        ↳{' '}
      </span>
      <span>{row.name}</span>
      <VisuallyHidden> ({T.dependentLabel.toLowerCase()})</VisuallyHidden>
    </Indented>
  );
}

function ResellerCell({ row }: { row: Beneficiary }) {
  if (!row.nome_revendedor) return <MutedText>{T.noReseller}</MutedText>;
  return (
    <>
      {row.nome_revendedor}
      <CellNote>{row.nome_filial}</CellNote>
    </>
  );
}

/** Nome, CPF, Revendedor (branch beneath), Parceiro, Status, Ações; holders each followed by their dependents. */
export function BeneficiariesTable(props: BeneficiariesTableProps) {
  const { onView, onEdit, onToggleStatus } = props;
  const columns: Column<Beneficiary>[] = [
    { key: 'name', header: 'Nome', sortable: true, render: (row) => <NameCell row={row} /> },
    { key: 'cpf', header: 'CPF', sortable: true, render: (row) => <NoWrap>{formatCpf(row.cpf)}</NoWrap> },
    { key: 'nome_revendedor', header: 'Revendedor', render: (row) => <ResellerCell row={row} /> },
    { key: 'nome_parceiro', header: 'Parceiro', render: (row) => row.nome_parceiro ?? <MutedText>—</MutedText> },
    {
      key: 'isActive',
      header: 'Status',
      render: (row) => <StatusToggle active={row.isActive} name={row.name} onToggle={() => onToggleStatus(row)} />,
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'end',
      render: (row) => <RowActions name={row.name} onView={() => onView(row)} onEdit={() => onEdit(row)} />,
    },
  ];
  return (
    <DataTable<Beneficiary>
      caption={T.listTitle}
      columns={columns}
      rows={props.rows}
      rowKey={(row) => row.id}
      isLoading={props.isLoading}
      isError={props.isError}
      onRetry={props.onRetry}
      emptyText={T.empty}
      emptyAction={props.emptyAction}
      hasFilters={props.hasFilters}
      onClearFilters={props.onClearFilters}
      sort={props.sort}
      onSort={props.onSort}
      rowProps={(row) => (row.holder ? { 'data-tone': 'subtle', 'data-dependent': 'true' } : {})}
    />
  );
}
