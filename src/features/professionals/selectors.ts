import { professionalsSlice } from './professionalsSlice';

export const { selectProfessionalsListQuery, selectProfessionalDialog, selectSelectedProfessionalId } = professionalsSlice.selectors;
