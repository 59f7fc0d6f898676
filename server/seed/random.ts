import { cnpjCheckDigits, cpfCheckDigits } from '../../src/domain/documents';

/** A small deterministic PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const digits = (count: number) => Array.from({ length: count }, () => int(0, 9)).join('');
  return {
    next,
    int,
    pick,
    digits,
    chance: (probability: number) => next() < probability,
    cpf: () => {
      const base = digits(9);
      return base + cpfCheckDigits(base);
    },
    cnpj: () => {
      const base = digits(8) + '0001';
      return base + cnpjCheckDigits(base);
    },
  };
}

export type Random = ReturnType<typeof createRandom>;

export const FIRST_NAMES = [
  'Ana',
  'Beatriz',
  'Carla',
  'Daniela',
  'Eduarda',
  'Fernanda',
  'Gabriela',
  'Helena',
  'Isabela',
  'Juliana',
  'Larissa',
  'Mariana',
  'Natália',
  'Patrícia',
  'Renata',
  'Sofia',
  'Tatiane',
  'Vanessa',
  'André',
  'Bruno',
  'Carlos',
  'Diego',
  'Eduardo',
  'Felipe',
  'Gustavo',
  'Henrique',
  'Igor',
  'João',
  'Lucas',
  'Marcelo',
  'Nicolas',
  'Otávio',
  'Paulo',
  'Rafael',
  'Sérgio',
  'Thiago',
  'Vinícius',
];
export const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
];

export const fullName = (random: Random) => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)} ${random.pick(LAST_NAMES)}`;

/** ascii e-mail local part from a display name: "João Silva" → "joao.silva". */
export const emailLocalPart = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
