import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Formik, type FormikProps } from 'formik';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { MaskName } from './masks/maskNames';
import { MaskedTextField } from './MaskedTextField';

type Values = Record<string, string>;

/** One formik form with the given fields; `form.current` reads formik's values. */
function renderFields(fields: Array<{ name: string; label: string; mask: MaskName }>, initialValues: Values = {}) {
  const form: { current?: FormikProps<Values> } = {};
  const values = Object.fromEntries(fields.map(({ name }) => [name, initialValues[name] ?? '']));
  const view = renderWithProviders(
    <Formik initialValues={values} onSubmit={() => undefined}>
      {(props) => {
        form.current = props;
        return (
          <>
            {fields.map(({ name, label, mask }) => (
              <MaskedTextField key={name} name={name} label={label} mask={mask} />
            ))}
          </>
        );
      }}
    </Formik>,
  );
  return { ...view, form };
}

/** The masked input, focused, once its mask (a chunk of its own, asked for on focus) has been put on it. */
async function maskedField(label: string) {
  const input = screen.getByRole('textbox', { name: label });
  act(() => input.focus());
  await waitFor(() => expect(input).toHaveAttribute('data-mask-ready', 'true'));
  return input as HTMLInputElement;
}

/**
 * Select all and delete, as a person does. (user-event's clear() goes by the value it typed last, and
 * Maskito sets the masked value behind its back, as it must for React: it would select the wrong range.)
 */
async function clearField(user: UserEvent, field: HTMLInputElement) {
  field.select();
  await user.keyboard('{Backspace}');
  expect(field).toHaveValue('');
}

describe('MaskedTextField', () => {
  it('masks a CPF as it is typed, stores the masked text and stops at 11 digits', async () => {
    const { user, form } = renderFields([{ name: 'cpf', label: 'CPF', mask: 'cpf' }]);
    const field = await maskedField('CPF');
    await user.type(field, '52998224725999');
    expect(field).toHaveValue('529.982.247-25');
    expect(form.current?.values.cpf).toBe('529.982.247-25');
  });

  it('masks phones of 8 and 9 digits', async () => {
    const { user } = renderFields([{ name: 'phone', label: 'Telefone', mask: 'phone' }]);
    const field = await maskedField('Telefone');
    await user.type(field, '1133334444');
    expect(field).toHaveValue('(11) 3333-4444');
    await clearField(user, field);
    await user.type(field, '119876543219');
    expect(field).toHaveValue('(11) 98765-4321');
  });

  it('takes letters in the first twelve characters of a CNPJ, in upper case, and digits only in the last two', async () => {
    const { user, form } = renderFields([{ name: 'cnpj', label: 'CNPJ', mask: 'cnpj' }]);
    const field = await maskedField('CNPJ');
    await user.type(field, '12abc34501deX35');
    expect(field).toHaveValue('12.ABC.345/01DE-35');
    expect(form.current?.values.cnpj).toBe('12.ABC.345/01DE-35');
  });

  it('turns a CPF into a CNPJ at the twelfth character or a letter', async () => {
    const { user } = renderFields([{ name: 'doc', label: 'CPF/CNPJ', mask: 'cpfCnpj' }]);
    const field = await maskedField('CPF/CNPJ');
    await user.type(field, '11222333000181');
    expect(field).toHaveValue('11.222.333/0001-81');
    await clearField(user, field);
    await user.type(field, '12a');
    expect(field).toHaveValue('12.A');
  });

  it('groups a card number by its brand: Amex 4-6-5 in 15 digits, others 4-4-4-4 in 16', async () => {
    const { user } = renderFields([{ name: 'number', label: 'Número do cartão', mask: 'cardNumber' }]);
    const field = await maskedField('Número do cartão');
    await user.type(field, '3782822463100059');
    expect(field).toHaveValue('3782 822463 10005');
    await clearField(user, field);
    await user.type(field, '41111111111111119');
    expect(field).toHaveValue('4111 1111 1111 1111');
  });

  it('keeps the caret where it was after an edit in the middle', async () => {
    const { user, form } = renderFields([{ name: 'phone', label: 'Telefone', mask: 'phone' }]);
    const field = await maskedField('Telefone');
    await user.type(field, '1198765432');
    expect(field).toHaveValue('(11) 9876-5432');
    // Caret after '(11) 98': one more digit makes it a mobile number, re-punctuated after the caret.
    field.setSelectionRange(7, 7);
    await user.type(field, '1', { initialSelectionStart: 7, initialSelectionEnd: 7 });
    expect(field).toHaveValue('(11) 98176-5432');
    expect(field.selectionStart).toBe(8);
    expect(form.current?.values.phone).toBe('(11) 98176-5432');
    // Deleting the digit before the caret puts it back, caret and all.
    await user.type(field, '{Backspace}', { initialSelectionStart: 8, initialSelectionEnd: 8 });
    expect(field).toHaveValue('(11) 9876-5432');
    expect(field.selectionStart).toBe(7);
  });

  it('keeps every digit of a pasted formatted value', async () => {
    const { user, form } = renderFields([
      { name: 'phone', label: 'Telefone', mask: 'phone' },
      { name: 'cpf', label: 'CPF', mask: 'cpf' },
      { name: 'cep', label: 'CEP', mask: 'cep' },
    ]);
    const phone = await maskedField('Telefone');
    await user.click(phone);
    await user.paste('(11) 98765-4321');
    expect(phone).toHaveValue('(11) 98765-4321');
    const cpf = await maskedField('CPF');
    await user.click(cpf);
    await user.paste('123.456.789-09');
    expect(cpf).toHaveValue('123.456.789-09');
    const cep = await maskedField('CEP');
    await user.click(cep);
    await user.paste('01310100');
    expect(cep).toHaveValue('01310-100');
    expect(form.current?.values).toEqual({ phone: '(11) 98765-4321', cpf: '123.456.789-09', cep: '01310-100' });
  });

  it('keeps the national digits of a phone pasted with the country code', async () => {
    const { user, form } = renderFields([{ name: 'phone', label: 'Telefone', mask: 'phone' }]);
    const phone = await maskedField('Telefone');
    await user.click(phone);
    await user.paste('+55 11 98765-4321');
    expect(phone).toHaveValue('(11) 98765-4321');
    await user.clear(phone);
    await user.paste('+55 (11) 3456-7890');
    expect(phone).toHaveValue('(11) 3456-7890');
    expect(form.current?.values.phone).toBe('(11) 3456-7890');
  });

  it('asks for the mask only once the field is focused, keeping what was typed before it came', async () => {
    const { user, form } = renderFields([
      { name: 'cpf', label: 'CPF', mask: 'cpf' },
      { name: 'phone', label: 'Telefone', mask: 'phone' },
    ]);
    const input = screen.getByRole('textbox', { name: 'CPF' });
    // Once the phone, focused, has its mask, the chunk is here: the CPF, never focused, still has none.
    await maskedField('Telefone');
    expect(input).toHaveAttribute('data-mask-ready', 'false');
    await user.type(input, '529');
    await waitFor(() => expect(input).toHaveAttribute('data-mask-ready', 'true'));
    await user.type(input, '98224725');
    expect(input).toHaveValue('529.982.247-25');
    expect(form.current?.values.cpf).toBe('529.982.247-25');
  });

  it('keeps a value set by the form (already formatted) as it is', async () => {
    renderFields([{ name: 'cpf', label: 'CPF', mask: 'cpf' }], { cpf: '529.982.247-25' });
    expect(await maskedField('CPF')).toHaveValue('529.982.247-25');
  });
});
