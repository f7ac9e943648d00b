/** The content area's routes (spec 2.1): terms, help, a help article, about, download. Namespace `market`. */
import type { RouteDef } from '../routeDef';
import { CONTENT_PATHS } from './paths';

const ns = ['market'] as const;

export const CONTENT_ROUTES: readonly RouteDef[] = [
  { path: CONTENT_PATHS.terms, load: () => import('./screens/TermsScreen'), ns, public: true },
  { path: CONTENT_PATHS.help, load: () => import('./screens/HelpScreen'), ns, public: true },
  { path: CONTENT_PATHS.helpDetail, load: () => import('./screens/HelpDetailScreen'), ns, public: true },
  { path: CONTENT_PATHS.about, load: () => import('./screens/AboutScreen'), ns, public: true },
  { path: CONTENT_PATHS.download, load: () => import('./screens/DownloadScreen'), ns, public: true },
];
