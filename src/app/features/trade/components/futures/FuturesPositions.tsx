/**
 * The open positions tab of the futures account (FUI-9, FUI-10, FUI-14): the positions as a table on the desktop
 * and cards on the phone, each row's live mark, liquidation price, margin ratio and PnL (`position.mark`, computed
 * once by the shared arithmetic, never here), its actions opening the close, margin and TP/SL dialogs, and the
 * toast that tells a liquidation, take-profit or stop-loss. The list renders when the positions' structure changes
 * (PERF-84); the live figures are written into their cells between (PERF-83).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { Position } from '../../../../../shared/schemas/futures';
import { useMark, usePositions, usePositionStructure, usePositionsWriter } from '../../../../market/hooks';
import { toast } from '../../../../state/toast';
import { useLanguage } from '../../../../ui/Price';
import { useContractAvailable } from './FuturesOrderForm';
import { PositionDialogHost, type PositionDialog } from './PositionDialogs';
import { RowCards, RowsTable, type Column } from '../kit/RowsView';
import { CopyBadge, pairName, percentOf, SideText, signCls, useFormat } from './futuresCells';
import { trimDecimal } from '../../../../i18n/format';
import { writePositions } from './positionFigures';

/** Position events told in a toast (FUI-14). */
const TOLD_EVENTS = ['liquidated', 'takeProfit', 'stopLoss'] as const;

/** Tells a liquidation, take-profit or stop-loss of the user's positions (the worker's POSITION events). */
export function EventToasts({ pairs }: { pairs: ReadonlyMap<string, ContractPair> }) {
  const { t } = useTranslation('futures');
  // Events are structure (PERF-84): a mark commits nothing here.
  const view = usePositionStructure();
  const count = view?.eventCount ?? 0;
  const event = view?.lastEvent ?? null;
  const seen = useRef(count);
  useEffect(() => {
    const before = seen.current;
    seen.current = count;
    if (count <= before || !event) return;
    if ((TOLD_EVENTS as readonly string[]).includes(event.kind))
      toast(t(`event.${event.kind}`, { pair: pairName(pairs, event.symbol) }), {
        kind: event.kind === 'takeProfit' ? 'success' : 'error',
        duration: 6000,
      });
  }, [count, event, pairs, t]);
  return null;
}

/** One position's live mark: the row's, else the pair's mark. */
function MarkCell({ p }: { p: Position }) {
  const f = useFormat();
  const pairMark = useMark(p.mark ? undefined : p.symbol);
  return f.num(p.mark?.price ?? pairMark?.price);
}

export function PositionsList({
  rows,
  pairs,
  desktop,
}: {
  rows: readonly Position[];
  pairs: ReadonlyMap<string, ContractPair>;
  desktop: boolean;
}) {
  const { t } = useTranslation('futures');
  const f = useFormat();
  const lang = useLanguage();
  const [dialog, setDialog] = useState<{ kind: PositionDialog; id: number } | null>(null);
  const open = (kind: PositionDialog, id: number) => setDialog({ kind, id });
  const table = useRef<HTMLTableElement>(null);
  const cards = useRef<HTMLUListElement>(null);
  // PERF-83: the live figures, written after every render of the list and at each new view (a new function each
  // render, so a render that showed older figures is written over before it paints).
  usePositionsWriter((view) => {
    const live = view?.authorized !== false ? view?.positions : null;
    if (live) writePositions(desktop ? table.current : cards.current, live, f, lang, desktop);
  });
  const name = (p: Position) => pairName(pairs, p.symbol);
  const coin = (p: Position) => pairs.get(p.symbol)?.coin ?? '';
  const attrs = (p: Position) => ({
    'data-position-id': p.id,
    'data-mark': p.mark?.price,
    'data-pnl': p.mark?.unrealisedPnl,
  });
  const actions = (p: Position) => <Actions p={p} pair={pairs.get(p.symbol)} onOpen={open} />;
  const pnlCls = (p: Position) => `num${signCls(p.mark?.unrealisedPnl)}`;
  const col = {
    entry: {
      head: t('col.entry'),
      num: true,
      cell: (p) => f.num(trimDecimal(p.entryPrice, pairs.get(p.symbol)?.baseScale ?? 2)),
    },
    mark: { head: t('col.mark'), num: true, testId: 'position-mark', cell: (p) => <MarkCell p={p} /> },
    liq: {
      head: t('col.liq'),
      cls: 'num fa-liq',
      num: true,
      testId: 'position-liq',
      cell: (p) => f.num(p.liquidationPrice),
    },
    margin: { head: t('col.margin'), num: true, cell: (p) => f.money(p.margin) },
    ratio: {
      head: t('col.marginRatio'),
      num: true,
      testId: 'position-ratio',
      cell: (p) => (p.mark ? percentOf(p.mark.marginRatio, lang) : '--'),
    },
    tpsl: {
      head: t('col.tpsl'),
      num: true,
      testId: 'position-tpsl',
      cell: (p) => `${f.num(p.takeProfit)} / ${f.num(p.stopLoss)}`,
    },
  } satisfies Record<string, Column<Position>>;
  return (
    <>
      {desktop ? (
        <RowsTable
          caption={t('tab.positions')}
          columns={[
            {
              head: t('col.pair'),
              ltr: true,
              cell: (p) => (
                <>
                  <span className="fa-pair">{name(p)}</span> <SideText side={p.side} leverage={p.leverage} />
                  <CopyBadge copyOf={p.copyOf} />
                </>
              ),
            },
            {
              head: t('col.size'),
              num: true,
              cell: (p) => (
                <>
                  {f.num(p.shares)}
                  <span className="fa-sub">{` ${f.num(p.quantity)} ${coin(p)}`}</span>
                </>
              ),
            },
            col.entry,
            col.mark,
            col.liq,
            col.margin,
            col.ratio,
            {
              head: t('col.pnl'),
              num: true,
              cls: pnlCls,
              testId: 'position-pnl',
              cell: ({ mark: fig }) =>
                fig ? (
                  <>
                    {f.money(fig.unrealisedPnl)}
                    <span className="fa-sub">{` (${percentOf(fig.returnRate, lang)})`}</span>
                  </>
                ) : (
                  '--'
                ),
            },
            col.tpsl,
          ]}
          rows={rows}
          rowKey={(p) => p.id}
          rowAttrs={attrs}
          action={{ label: t('col.action'), cell: actions }}
          className="sor-table fa-table"
          testId="positions-table"
          rootRef={table}
        />
      ) : (
        <RowCards
          rows={rows}
          rowKey={(p) => p.id}
          rowAttrs={attrs}
          head={(p) => (
            <>
              <SideText side={p.side} leverage={p.leverage} />
              <span className="sor-card__pair" dir="ltr">
                {name(p)}
              </span>
              <CopyBadge copyOf={p.copyOf} />
              <span className={`fa-cardpnl ${pnlCls(p)}`} data-testid="position-pnl">
                {p.mark ? `${f.money(p.mark.unrealisedPnl)} (${percentOf(p.mark.returnRate, lang)})` : '--'}
              </span>
            </>
          )}
          lines={[
            {
              head: t('col.size'),
              num: true,
              cell: (p) => `${f.num(p.shares)} · ${f.num(p.quantity)} ${coin(p)}`,
            },
            col.entry,
            col.mark,
            col.liq,
            col.margin,
            col.ratio,
            col.tpsl,
          ]}
          foot={actions}
          extra={{ card: 'fa-card', grid: 'fa-grid' }}
          testId="positions-cards"
          rootRef={cards}
        />
      )}
      {dialog && <LiveDialog dialog={dialog} rows={rows} pairs={pairs} onClose={() => setDialog(null)} />}
    </>
  );
}

/**
 * An open position dialog, with the position live at every mark (the worker's, else the list's row) and the
 * contract account's available USDT: it hears every positions change while it is open, the list does not.
 */
function LiveDialog({
  dialog,
  rows,
  pairs,
  onClose,
}: {
  dialog: { kind: PositionDialog; id: number };
  rows: readonly Position[];
  pairs: ReadonlyMap<string, ContractPair>;
  onClose: () => void;
}) {
  const view = usePositions();
  const available = useContractAvailable() ?? '0';
  const live = view?.authorized !== false ? view?.positions?.find((r) => r.id === dialog.id) : undefined;
  const chosen = live ?? rows.find((r) => r.id === dialog.id);
  return (
    <PositionDialogHost
      dialog={chosen ? dialog.kind : null}
      pair={chosen ? pairs.get(chosen.symbol) : undefined}
      position={chosen}
      mark={chosen?.mark?.price}
      available={available}
      onClose={onClose}
    />
  );
}

interface ActionProps {
  p: Position;
  pair: ContractPair | undefined;
  onOpen: (kind: PositionDialog, id: number) => void;
}

/** A position's actions, each opening its dialog (closing last, marked). */
const ACTIONS = [
  { kind: 'margin', cls: 'sor-cancel' },
  { kind: 'tpsl', cls: 'sor-cancel' },
  { kind: 'close', cls: 'sor-cancel fa-close' },
] as const;

function Actions({ p, pair, onOpen }: ActionProps) {
  const { t } = useTranslation('futures');
  return (
    <div className="fa-actions">
      {ACTIONS.map((a) => (
        <button
          key={a.kind}
          type="button"
          className={a.cls}
          disabled={!pair}
          onClick={() => onOpen(a.kind, p.id)}
          data-testid={`${a.kind}-position`}
        >
          {t(a.kind)}
        </button>
      ))}
    </div>
  );
}
