import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts: e-mail, the login form's user type label, and the page each lands on. */
export const DEMO_USERS = {
  ADMINISTRADOR: { email: 'admin@demo.com.br', label: 'Administrador', landing: '/profissionais' },
  PARCEIRO: { email: 'parceiro@demo.com.br', label: 'Parceiro', landing: '/filiais' },
  FILIAL: { email: 'filial@demo.com.br', label: 'Filial', landing: '/revendedores' },
  REVENDEDOR: { email: 'revendedor@demo.com.br', label: 'Revendedor', landing: '/beneficiarios' },
} as const;

export type DemoUserType = keyof typeof DEMO_USERS;

/** Fills the login form as a person would and presses 'Entrar'. */
export async function signIn(
  page: Page,
  baseUrl: string,
  userType: DemoUserType,
  password = DEMO_PASSWORD,
  email: string = DEMO_USERS[userType].email,
) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Tipo de Usuário').selectOption({ label: DEMO_USERS[userType].label });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}
