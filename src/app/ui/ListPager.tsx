/**
 * The platform's pager in a feature's words: its namespace's `pager.label`, `pager.prev` and `pager.next` (the
 * flow lists, the proxy and invitation lists, the inbox); the classes come from the feature's stylesheet.
 */
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from './Pager';

/** Where the list stands: what a feature's pager is given by its screens. */
export interface ListPage {
  pageNum: number;
  total: number;
  pageSize: number;
  onPage: (n: number) => void;
}

export function ListPager({
  namespace,
  classes,
  pageNum,
  ...p
}: ListPage & { namespace: 'flow' | 'proxy' | 'inbox'; classes: ComponentProps<typeof Pager>['classes'] }) {
  const { t } = useTranslation(namespace);
  const words = { label: t('pager.label'), prev: t('pager.prev'), next: t('pager.next') };
  return <Pager {...p} page={pageNum} words={words} classes={classes} />;
}
