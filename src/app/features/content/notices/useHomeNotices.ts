/** The notices of the home screen (NOTE-1, NOTE-2), following the language; silent on failure (home still works). */
import { useSnapshot } from 'valtio';
import { call } from '../../../api/client';
import { marketApi } from '../../../../shared/api/market';
import type { Notice } from '../../../../shared/schemas/content';
import { languageState } from '../../../i18n/index';
import { queryKey } from '../../../data/queryCache';
import { useQuery } from '../../../data/useQuery';

/** Every notice for the home screen (NOTICE and POPUP, modelKey HOME or empty). */
export function useHomeNotices() {
  const { language } = useSnapshot(languageState);
  return useQuery<Notice[]>(queryKey(['notices', 'home', language]), (signal) =>
    call(marketApi.noticeList, { query: { modelKey: 'HOME' }, signal, silent: true }),
  );
}

/** Every NOTICE notice (the inbox's notices tab), newest first. */
export function useAllNotices() {
  const { language } = useSnapshot(languageState);
  return useQuery<Notice[]>(queryKey(['notices', 'all', language]), (signal) =>
    call(marketApi.noticeList, { query: { key: 'NOTICE' }, signal, silent: true }),
  );
}
