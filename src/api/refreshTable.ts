import type { TagType } from './apiSlice';

/**
 * Which change refreshes which screen: for every mutation, the cache tags it invalidates once the
 * server accepted it (a failed call changed nothing, so it refreshes nothing). A tag type is
 * invalidated whole: a renamed partner shows in every list, picker and report that names it.
 * `refreshTable.test.ts` walks every row against the screens of TAG_READERS, and fails when a
 * mutation or a tag-providing query is missing here.
 */
export const REFRESHES = {
  login: [],
  logout: [],
  changePassword: [],
  // A sale made in the checkout: the report and the beneficiaries (the buyer is one now).
  pay: ['Report', 'Beneficiary', 'Patient'],
  // A Pix charge is no sale until it is paid; the sandbox's simulated payment makes it one.
  createPixCharge: [],
  simulatePixPayment: ['Report', 'Beneficiary', 'Patient'],

  createBeneficiary: ['Beneficiary', 'BeneficiaryFilters', 'Patient'],
  updateBeneficiary: ['Beneficiary', 'Patient', 'Appointment', 'Referral'],
  // The lists show the new status in place (toggleBeneficiaryStatus); the picker must stop offering an inactive patient.
  toggleBeneficiaryStatus: ['Patient'],

  createAppointment: ['Appointment', 'Availability', 'Referral'],
  cancelAppointment: ['Appointment', 'Availability', 'Referral'],

  createProfessional: ['Professional', 'Availability'],
  // The agenda and the referrals name the professional (a referral's details, who referred).
  updateProfessional: ['Professional', 'Appointment', 'Availability', 'Referral'],
  deleteProfessional: ['Professional', 'Appointment', 'Availability', 'Referral'],

  createPartner: ['Partner', 'BeneficiaryFilters', 'Report'],
  updatePartner: ['Partner', 'Branch', 'Reseller', 'Beneficiary', 'BeneficiaryFilters', 'Report'],
  deletePartner: ['Partner', 'BeneficiaryFilters', 'Report'],

  createBranch: ['Branch', 'BeneficiaryFilters', 'Report'],
  updateBranch: ['Branch', 'Reseller', 'Beneficiary', 'BeneficiaryFilters', 'Report'],
  deleteBranch: ['Branch', 'BeneficiaryFilters', 'Report'],

  createReseller: ['Reseller', 'BeneficiaryFilters', 'Report'],
  updateReseller: ['Reseller', 'Beneficiary', 'BeneficiaryFilters', 'Report'],
  deleteReseller: ['Reseller', 'BeneficiaryFilters', 'Report'],

  // 'nome_empresa' and the checkout's settings are read through PublicSettings.
  updateParameter: ['Parameter', 'PublicSettings'],
} as const satisfies Record<string, readonly TagType[]>;

export type RefreshingMutation = keyof typeof REFRESHES;

/**
 * The screens (query endpoints) that read each tag, i.e. what a row of REFRESHES refreshes. Tags no
 * query provides (Session) are not listed; the test checks each reader really provides its tag.
 */
export const TAG_READERS: Partial<Record<TagType, readonly string[]>> = {
  Professional: ['getProfessionals', 'getProfessional'],
  Beneficiary: ['getBeneficiaries', 'getBeneficiaryByCpf'],
  BeneficiaryFilters: ['getBeneficiaryFilters'],
  Patient: ['getPatients'],
  Appointment: ['getAppointments', 'getAppointment'],
  Availability: ['getAvailability'],
  Referral: ['getReferrals', 'getPendingReferrals'],
  Partner: ['getPartners', 'getPartnerOptions'],
  Branch: ['getBranches', 'getBranchOptions'],
  Reseller: ['getResellers'],
  Report: ['getSalesReport', 'getSalesReportFilters'],
  Parameter: ['getParameters', 'getParameterHistory'],
  PublicSettings: ['checkoutConfig'],
};

/** `invalidatesTags` of a mutation: its row of REFRESHES, on success only. */
export const refreshesOnSuccess =
  (mutation: RefreshingMutation) =>
  (_result: unknown, error: unknown): TagType[] =>
    error ? [] : [...REFRESHES[mutation]];

/**
 * What a sale made elsewhere (the public checkout, another staff member) changes: the report, the
 * beneficiaries and the filter options of both. No mutation in this browser tells their cache, so
 * the screens that show them ask again when the window regains focus (setupListeners in makeStore).
 */
export const REFETCH_ON_FOCUS = { refetchOnFocus: true } as const;
