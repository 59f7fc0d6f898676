import { setLocale } from 'yup';

/**
 * yup, with its default messages in Portuguese. The schemas of this folder import yup from here
 * (ESLint enforces it), so these defaults are in place before any rule is built: yup takes a rule's
 * default message when the rule is added. Every rule the forms show names its own message; these
 * only answer what no rule foresaw (a list where text goes, a fraction for a weekday), which would
 * otherwise reach the user in English through a 400.
 */
setLocale({
  mixed: {
    default: 'Valor inválido',
    required: 'Campo obrigatório',
    defined: 'Campo obrigatório',
    notNull: 'Campo obrigatório',
    oneOf: 'Valor não permitido',
    notOneOf: 'Valor não permitido',
    notType: 'Valor inválido',
  },
  string: {
    length: ({ length }) => `Deve ter ${length} caracteres`,
    min: ({ min }) => `Deve ter no mínimo ${min} caracteres`,
    max: ({ max }) => `Deve ter no máximo ${max} caracteres`,
    matches: 'Formato inválido',
    email: 'E-mail inválido',
    url: 'Endereço inválido',
    uuid: 'Identificador inválido',
    datetime: 'Data e hora inválidas',
    trim: 'Valor inválido',
    lowercase: 'Valor inválido',
    uppercase: 'Valor inválido',
  },
  number: {
    min: ({ min }) => `Deve ser no mínimo ${min}`,
    max: ({ max }) => `Deve ser no máximo ${max}`,
    lessThan: ({ less }) => `Deve ser menor que ${less}`,
    moreThan: ({ more }) => `Deve ser maior que ${more}`,
    positive: 'Deve ser maior que zero',
    negative: 'Deve ser menor que zero',
    integer: 'Deve ser um número inteiro',
  },
  date: { min: 'Data inválida', max: 'Data inválida' },
  boolean: { isValue: 'Valor inválido' },
  object: { noUnknown: 'Campos não permitidos' },
  array: {
    min: ({ min }) => `Informe ao menos ${min}`,
    max: ({ max }) => `Informe no máximo ${max}`,
    length: ({ length }) => `Informe ${length}`,
  },
  tuple: { notType: 'Valor inválido' },
});

export * from 'yup';
