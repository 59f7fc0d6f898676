import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth';
import healthRoutes from './health';

/** Every API route module, registered in this order by buildApp. */
export const routes: FastifyPluginAsync[] = [healthRoutes, authRoutes];
