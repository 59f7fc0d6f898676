/** The four kinds of account that sign in to the portal. */
export const USER_TYPES = ['REVENDEDOR', 'FILIAL', 'PARCEIRO', 'ADMINISTRADOR'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Options of the login's type select, in the spec's order ('' is the "none" choice). */
export const USER_TYPE_OPTIONS: ReadonlyArray<{ value: UserType | ''; label: string }> = [
  { value: '', label: 'Selecione' },
  { value: 'REVENDEDOR', label: 'Revendedor' },
  { value: 'FILIAL', label: 'Filial' },
  { value: 'PARCEIRO', label: 'Parceiro' },
  { value: 'ADMINISTRADOR', label: 'Administrador' },
];

export const DEFAULT_LOGIN_USER_TYPE: UserType = 'REVENDEDOR';

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}
