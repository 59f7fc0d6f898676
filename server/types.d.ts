import 'fastify';
import type { UserType } from '../src/domain/userTypes';
import type { AppConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { DataVersion } from './lib/dataVersion';
import type { PasswordHasher } from './services/auth/passwords';
import type { Principal, TokenService } from './services/auth/tokens';
import type { AttemptCounters } from './services/limits/attemptCounters';
import type { TelemedicineProvider } from './services/telemedicine/types';
import type { FileStore } from './services/uploads/fileStore';
import type { PaymentGateway } from './services/payments/gateway';
import type { Lifecycle } from './plugins/lifecycle';
import type { AppMetrics } from './plugins/metrics';
import type { JobScheduler } from './services/jobs/scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    database: DatabaseHandle;
    tokens: TokenService;
    passwords: PasswordHasher;
    /** The telemedicine provider TELEMEDICINE_PROVIDER names (local by default). */
    telemedicine: TelemedicineProvider;
    /** Uploaded documents (professionals' files, referrals), in the database (services/uploads). */
    uploads: FileStore;
    /** The card payment gateway PAYMENT_GATEWAY names (sandbox by default). */
    paymentGateway: PaymentGateway;
    /** Moves after every write, here or (PostgreSQL) in another instance; writers outside a write request call `bump()` themselves. The account cache keys on it and serves nothing while it is not `trusted` (plugins/dataVersion.ts). */
    dataVersion: DataVersion;
    /** Attempt counters in the database, shared by every throttle and rate limit (plugins/limits.ts). */
    limits: AttemptCounters;
    /** Whether this copy is stopping (health answers 503). */
    lifecycle: Lifecycle;
    /** Prometheus metrics of this copy, served on METRICS_PORT (plugins/metrics.ts). */
    metrics: AppMetrics;
    /** Periodic jobs, each run by one copy at a time (services/jobs). */
    jobs: JobScheduler;
  }
  interface FastifyRequest {
    /** The signed-in account; set by the auth plugin on every route that is not public. */
    principal: Principal;
    /** The session the request's token belongs to ('Sair' ends it); set with `principal`. */
    sessionId: string;
  }
  interface FastifyContextConfig {
    /** Reachable without a token: set from the permission table (src/domain/permissions.ts). */
    public?: boolean;
    /** User types allowed to call the route: set from the permission table; absent means every signed-in type. */
    allow?: readonly UserType[];
    /** Error answers also carry the message as `error`, as the route's own failures do (the checkout's payment). */
    errorText?: boolean;
  }
}
