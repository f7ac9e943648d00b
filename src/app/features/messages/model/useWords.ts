/** The reader's wording of a message (MSGUI-4): the `inbox` namespace and the language's number format. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Message } from '../../../../shared/schemas/inbox';
import { formatDecimal } from '../../../i18n/format';
import { languageState } from '../../../i18n/index';
import { messageWords, type MessageWords } from './wording';

export function useMessageWords(): (m: Message) => MessageWords {
  const { t } = useTranslation('inbox');
  const { language } = useSnapshot(languageState);
  return useCallback(
    (m: Message) =>
      messageWords(
        m,
        (k, o) => t(k, o) as string,
        (v) => formatDecimal(v, language),
      ),
    [t, language],
  );
}
