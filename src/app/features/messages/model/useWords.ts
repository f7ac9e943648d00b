/** The reader's wording of a message (MSGUI-4): the `inbox` namespace and the language's number format. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Message } from '../../../../shared/schemas/inbox';
import { formatDecimal } from '../../../i18n/format';
import { languageState } from '../../../i18n/index';
import { messageFacts, messageWords, type MessageWords } from './wording';

export type ShownMessage = MessageWords & { facts: { label: string; value: string }[] };

export function useMessageWords(): (m: Message) => ShownMessage {
  const { t } = useTranslation('inbox');
  const { language } = useSnapshot(languageState);
  return useCallback(
    (m: Message) => {
      const tr = (k: string, o?: Record<string, unknown>) => t(k, o) as string;
      const num = (v: string) => formatDecimal(v, language);
      return { ...messageWords(m, tr, num), facts: messageFacts(m, tr, num) };
    },
    [t, language],
  );
}
