import {
  branchesApi,
  exportBranchesCsv,
  useDeleteBranchMutation,
  useGetBranchesQuery,
  useUpdateBranchMutation,
} from '../../../api/branchesApi';
import { ChannelListPage } from '../../../components/channels/ChannelListPage';
import { type Column } from '../../../components/list/DataTable';
import { useListParams } from '../../../components/list/useListParams';
import { BRANCH_FILTERS, BRANCH_TEXTS, CHANNEL_LABELS as LABELS, type Branch } from '../../../domain/channels';
import { DEFAULT_LIST_ORDERS } from '../../../domain/listPages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { branchDialogClosed, branchDialogOpened, branchesListRemembered } from '../branchesSlice';
import { selectBranchesListQuery, selectBranchDialog, selectSelectedBranchId } from '../selectors';
import { BranchDetailsDialog } from './BranchDetailsDialog';
import { BranchFormDialog } from './BranchFormDialog';

const columns: Column<Branch>[] = [
  { key: 'titulo', header: LABELS.titulo, sortable: true, render: (branch) => branch.titulo },
  { key: 'parceiro', header: LABELS.parceiro, sortable: true, render: (branch) => branch.parceiro.nome },
  { key: 'email', header: LABELS.email, sortable: true, render: (branch) => branch.email },
];

/** 'Lista de Filiais': administrators see every branch, partner users their own partner's. */
export default function BranchesPage() {
  const dispatch = useAppDispatch();
  const rememberedQuery = useAppSelector(selectBranchesListQuery);
  const list = useListParams(
    BRANCH_FILTERS,
    branchesApi.usePrefetch('getBranches'),
    {
      remembered: rememberedQuery,
      remember: (query) => dispatch(branchesListRemembered(query)),
    },
    DEFAULT_LIST_ORDERS.branches,
  );
  const query = useGetBranchesQuery(list.apiArgs);
  const [updateBranch] = useUpdateBranchMutation();
  const [deleteBranch, { isLoading: deleting }] = useDeleteBranchMutation();
  const dialog = useAppSelector(selectBranchDialog);
  const selectedId = useAppSelector(selectSelectedBranchId);

  return (
    <ChannelListPage
      texts={BRANCH_TEXTS}
      filterNames={BRANCH_FILTERS}
      list={list}
      query={query}
      columns={columns}
      nameOf={(branch) => branch.titulo}
      dialog={dialog}
      selectedId={selectedId}
      onOpen={(kind, id) => dispatch(branchDialogOpened({ dialog: kind, id }))}
      onClose={() => dispatch(branchDialogClosed())}
      saveStatus={(branch, ativo) => updateBranch({ id: branch.id, body: { ...branch, ativo } }).unwrap()}
      deleteRecord={(branch) => deleteBranch(branch.id).unwrap()}
      deleting={deleting}
      exportCsv={(args, filename) => dispatch(exportBranchesCsv(args, filename))}
      renderForm={(branch, onClose) => <BranchFormDialog branch={branch} onClose={onClose} />}
      renderDetails={(branch, onClose) => <BranchDetailsDialog branch={branch} onClose={onClose} />}
    />
  );
}
