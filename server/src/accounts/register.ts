/**
 * Accounts (issue 5): every call of spec 7.1, upload and KYC. Registered by app.ts after the core routes.
 * Returns the demo user's credentials so that start-up can print them.
 * (Stub: replaced by the accounts work.)
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

export interface DemoCredentials {
  account: string;
  password: string;
}

export async function registerAccounts(_app: FastifyInstance, _ctx: ServerContext): Promise<DemoCredentials> {
  return { account: 'demo@openex.local', password: 'Demo12345' };
}
