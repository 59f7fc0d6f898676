import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { makeStore } from '../../app/store';
import { rememberedListsForgotten } from '../../components/list/listMemory';
import {
  appointmentDialogClosed,
  appointmentDialogOpened,
  appointmentsListRemembered,
  referralSchedulingOpened,
} from './appointmentsSlice';
import { selectAppointmentDialog, selectAppointmentsListQuery, selectReferralToSchedule, selectSelectedAppointmentUuid } from './selectors';

describe('appointments slice', () => {
  it('opens a dialog for one record and closes it, keeping the list where it was', () => {
    const store = makeStore();
    store.dispatch(appointmentsListRemembered('nome=ana&page=2'));
    store.dispatch(appointmentDialogOpened({ dialog: 'cancel', uuid: 'a-1' }));
    expect(selectAppointmentDialog(store.getState())).toBe('cancel');
    expect(selectSelectedAppointmentUuid(store.getState())).toBe('a-1');
    store.dispatch(appointmentDialogClosed());
    expect(selectAppointmentDialog(store.getState())).toBe('none');
    expect(selectSelectedAppointmentUuid(store.getState())).toBeNull();
    expect(selectAppointmentsListQuery(store.getState())).toBe('nome=ana&page=2');
  });

  it.each([
    ['Sair', loggedOut()],
    ['a 401', sessionExpired({ owner: 'ADMINISTRADOR:1' })],
    ['the preference turned off', rememberedListsForgotten()],
  ])('forgets the remembered list on %s', (_when, action) => {
    const store = makeStore();
    store.dispatch(appointmentsListRemembered('sort=nome:desc&page=3'));
    expect(selectAppointmentsListQuery(store.getState())).toBe('sort=nome:desc&page=3');
    store.dispatch(action);
    expect(selectAppointmentsListQuery(store.getState())).toBe('');
  });
});

describe('appointments slice: a referral handed over', () => {
  it("opens 'Nova Consulta' for the referral, and forgets it once the dialog closes or another opens", () => {
    const store = makeStore();
    store.dispatch(referralSchedulingOpened({ referralUuid: 'r-1', cpf: '52998224725' }));
    expect(selectAppointmentDialog(store.getState())).toBe('new');
    expect(selectReferralToSchedule(store.getState())).toEqual({ referralUuid: 'r-1', cpf: '52998224725' });
    store.dispatch(appointmentDialogClosed());
    expect(selectReferralToSchedule(store.getState())).toBeNull();
    store.dispatch(referralSchedulingOpened({ referralUuid: 'r-2', cpf: '11144477735' }));
    store.dispatch(appointmentDialogOpened({ dialog: 'new' }));
    expect(selectReferralToSchedule(store.getState())).toBeNull();
  });
});
