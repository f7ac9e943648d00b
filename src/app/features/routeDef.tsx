/**
 * What a feature's route table is made of: a path, the lazily loaded screen (its own chunk) and the i18n
 * namespaces the screen shows, loaded with it (not at start-up). `src/app/routes.tsx` composes the tables.
 */
import type { ComponentType } from 'react';
import type { Namespace } from '../i18n/languages';

type ScreenModule = { default: ComponentType };
export type Load = () => Promise<ScreenModule>;

export interface RouteDef {
  path: string;
  load: Load;
  /** Namespaces besides `common` (which the shell loads at start-up). */
  ns: readonly Namespace[];
  /**
   * PERF-54: chunks the screen asks for only as it renders (the trade screen's chart), started at start-up beside
   * the screen's own chunk when the app opens on this route.
   */
  warm?: () => Promise<unknown>;
  /**
   * PUB-1, DEV-1: the route opens without a session, always (`true`) or while the function says so (the
   * development tools, when the server keeps an outbox). Without it the guard sends a signed-out visitor to sign in.
   */
  public?: true | (() => boolean);
}
