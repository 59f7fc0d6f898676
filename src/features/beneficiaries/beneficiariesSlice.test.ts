import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { makeStore } from '../../app/store';
import { rememberedListsForgotten } from '../../components/list/listMemory';
import { signedInAs } from '../../test/renderWithProviders';
import { beneficiariesListRemembered, createOpened, dialogClosed, rowDialogOpened } from './beneficiariesSlice';
import {
  selectBeneficiariesListQuery,
  selectDialog,
  selectIsAdministrator,
  selectIsReseller,
  selectSelected,
  selectSessionUserId,
} from './selectors';

const row = { id: 3, uuid: 'b-3', cpf: '52998224725', name: 'Ana Souza', isActive: true };

describe('beneficiaries slice', () => {
  it('keeps only what a dialog needs of the row, and closing it keeps the list where it was', () => {
    const store = makeStore();
    store.dispatch(beneficiariesListRemembered('name=ana'));
    store.dispatch(rowDialogOpened({ dialog: 'edit', beneficiary: { ...row, email: 'ana@x.com' } as typeof row }));
    expect(selectDialog(store.getState())).toBe('edit');
    expect(selectSelected(store.getState())).toEqual(row);
    store.dispatch(createOpened());
    expect(selectSelected(store.getState())).toBeNull();
    expect(selectDialog(store.getState())).toBe('create');
    store.dispatch(dialogClosed());
    expect(selectDialog(store.getState())).toBe('none');
    expect(selectBeneficiariesListQuery(store.getState())).toBe('name=ana');
  });

  it.each([loggedOut(), sessionExpired({}), rememberedListsForgotten()])('forgets the remembered list on %s', (action) => {
    const store = makeStore();
    store.dispatch(beneficiariesListRemembered('page=4'));
    store.dispatch(action);
    expect(selectBeneficiariesListQuery(store.getState())).toBe('');
  });

  it("reads the signed-in user's type and id", () => {
    const reseller = makeStore(signedInAs('REVENDEDOR', 12)).getState();
    expect([selectIsReseller(reseller), selectIsAdministrator(reseller), selectSessionUserId(reseller)]).toEqual([true, false, 12]);
    const administrator = makeStore(signedInAs('ADMINISTRADOR', 1)).getState();
    expect([selectIsReseller(administrator), selectIsAdministrator(administrator)]).toEqual([false, true]);
    expect(selectSessionUserId(makeStore().getState())).toBeNull();
  });
});
