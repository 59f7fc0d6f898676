import { professionalsSlice } from './professionalsSlice';

export const { selectProfessionalDialog, selectSelectedProfessionalId } = professionalsSlice.selectors;
