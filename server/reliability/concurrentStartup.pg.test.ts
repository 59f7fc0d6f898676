import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { administrators } from '../db/schema';
import { prepareData } from '../startup';

/**
 * Copies started at the same moment on an EMPTY PostgreSQL database (this file runs when
 * DATABASE_URL is set): all come up, the migrations are applied once, and there is one first
 * administrator, because start-up runs under an advisory lock.
 */

const COPIES = 4;
const server = process.env.DATABASE_URL!;
const name = `startup_${randomBytes(5).toString('hex')}`;
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();

async function onServer(statement: string) {
  const pool = new Pool({ connectionString: server, max: 1 });
  try {
    await pool.query(statement);
  } finally {
    await pool.end();
  }
}

const apps: FastifyInstance[] = [];
beforeAll(() => onServer(`create database ${name}`));
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await onServer(`drop database if exists ${name} with (force)`);
});

it(`${COPIES} copies starting together on an empty database migrate once and create one administrator`, async () => {
  const config = testConfig({
    databaseUrl: url,
    dataDir: '/nenhuma-pasta',
    admin: { email: 'ti@empresa.com.br', password: 'cavalo-grampo-bateria-7' },
  });
  const started = await Promise.allSettled(
    Array.from({ length: COPIES }, async () => {
      const app = await buildApp(config);
      apps.push(app);
      await prepareData(app, config);
      await app.ready();
      return (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    }),
  );
  expect(started).toEqual(Array.from({ length: COPIES }, () => ({ status: 'fulfilled', value: 200 })));

  const [{ total }] = await apps[0].db.select({ total: count() }).from(administrators);
  expect(total).toBe(1);
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    const journal = (await import('../db/migrations/meta/_journal.json')).entries as unknown[];
    const { rows } = await pool.query<{ applied: string }>('select count(*) as applied from drizzle.__drizzle_migrations');
    expect(Number(rows[0].applied)).toBe(journal.length);
  } finally {
    await pool.end();
  }
});
