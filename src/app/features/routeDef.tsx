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
}

/**
 * A later issue's screen: top bar + title + "coming soon". Tab-bar screens have no back button (`false`);
 * a path makes the back button go there.
 */
export function placeholder(titleKey: string, back: boolean | string = true, menu = false): Load {
  return () =>
    import('../screens/placeholder/PlaceholderScreen').then((m) => {
      const P = m.default;
      return { default: () => <P titleKey={titleKey} back={back} menu={menu} /> };
    });
}
