import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuEye, LuPencil } from 'react-icons/lu';
import { DataTable, type Column } from '../../../components/list/DataTable';
import type { SortState } from '../../../components/list/useListParams';
import { StatusToggle } from '../../../components/StatusBadge';
import { BENEFICIARY_TEXTS as T, type Beneficiary } from '../../../domain/beneficiaries';
import { formatCpf } from '../../../domain/documents';

interface BeneficiariesTableProps {
  rows: Beneficiary[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  hasFilters: boolean;
  onClearFilters: () => void;
  sort?: SortState;
  onSort: (column: string) => void;
  emptyAction?: ReactNode;
  onView: (beneficiary: Beneficiary) => void;
  onEdit: (beneficiary: Beneficiary) => void;
  onToggleStatus: (beneficiary: Beneficiary) => void;
}

/** A dependent sits under its holder, indented and prefixed by an arrow. */
function NameCell({ row }: { row: Beneficiary }) {
  if (!row.holder) return <Text fontWeight="medium">{row.name}</Text>;
  return (
    <HStack gap="2" pl="5">
      <Text as="span" aria-hidden color="gray.500">
        ↳
      </Text>
      <Text as="span">{row.name}</Text>
      <Text as="span" srOnly>
        ({T.dependentLabel.toLowerCase()})
      </Text>
    </HStack>
  );
}

function ResellerCell({ row }: { row: Beneficiary }) {
  if (!row.nome_revendedor) return <Text color="gray.500">{T.noReseller}</Text>;
  return (
    <Box>
      <Text>{row.nome_revendedor}</Text>
      <Text fontSize="xs" color="gray.500">
        {row.nome_filial}
      </Text>
    </Box>
  );
}

/** Nome, CPF, Revendedor (branch beneath), Parceiro, Status, Ações; holders each followed by their dependents. */
export function BeneficiariesTable(props: BeneficiariesTableProps) {
  const { onView, onEdit, onToggleStatus } = props;
  const columns: Column<Beneficiary>[] = [
    { key: 'name', header: 'Nome', sortable: true, render: (row) => <NameCell row={row} /> },
    { key: 'cpf', header: 'CPF', sortable: true, render: (row) => <Text whiteSpace="nowrap">{formatCpf(row.cpf)}</Text> },
    { key: 'nome_revendedor', header: 'Revendedor', render: (row) => <ResellerCell row={row} /> },
    { key: 'nome_parceiro', header: 'Parceiro', render: (row) => row.nome_parceiro ?? <Text color="gray.500">—</Text> },
    {
      key: 'isActive',
      header: 'Status',
      render: (row) => <StatusToggle active={row.isActive} name={row.name} onToggle={() => onToggleStatus(row)} />,
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'end',
      render: (row) => (
        <HStack gap="1" justify="flex-end">
          <IconButton size="sm" variant="ghost" aria-label={`Ver detalhes de ${row.name}`} title="Ver detalhes" onClick={() => onView(row)}>
            <LuEye />
          </IconButton>
          <IconButton size="sm" variant="ghost" aria-label={`Editar ${row.name}`} title="Editar" onClick={() => onEdit(row)}>
            <LuPencil />
          </IconButton>
        </HStack>
      ),
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
      rowProps={(row) => (row.holder ? { bg: 'gray.50', 'data-dependent': 'true' } : {})}
    />
  );
}
