import type { FastifyPluginAsync } from 'fastify';
import appointmentRoutes from './appointments';
import auditRoutes from './audit';
import authRoutes from './auth';
import beneficiaryRoutes from './beneficiaries';
import branchRoutes from './branches';
import cepRoutes from './cep';
import healthRoutes from './health';
import parameterRoutes from './parameters';
import professionalRoutes from './professionals';
import referralRoutes from './referrals';
import partnerRoutes from './partners';
import reportRoutes from './reports';
import paymentRoutes from './payments';
import pixPaymentRoutes from './paymentsPix';
import resellerRoutes from './resellers';
import specialtyRoutes from './specialties';

/** Every API route module, registered in this order by buildApp. */
export const routes: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  parameterRoutes,
  partnerRoutes,
  branchRoutes,
  resellerRoutes,
  paymentRoutes,
  pixPaymentRoutes,
  cepRoutes,
  beneficiaryRoutes,
  reportRoutes,
  professionalRoutes,
  specialtyRoutes,
  appointmentRoutes,
  referralRoutes,
  auditRoutes,
];
