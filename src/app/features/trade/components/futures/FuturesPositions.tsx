/**
 * The open positions tab of the futures account (FUI-9, FUI-10, FUI-14): the positions as a table on the desktop
 * and cards on the phone, each row's live mark, liquidation price, margin ratio and PnL (`position.mark`, computed
 * once by the shared arithmetic, never here), its actions opening the close, margin and TP/SL dialogs, and the
 * toast that tells a liquidation, take-profit or stop-loss.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { Position } from '../../../../../shared/schemas/futures';
import { useMark, usePositions } from '../../../../market/hooks';
import { toast } from '../../../../ui/toast';
import { useLanguage } from '../../../../ui/Price';
import { useContractAvailable } from './FuturesOrderForm';
import { PositionDialogHost, type PositionDialog } from './PositionDialogs';
import { CopyBadge, pairName, percentOf, SideText, signCls, useFormat } from './futuresCells';
import { trimDecimal } from '../../../../i18n/format';

/** Position events told in a toast (FUI-14). */
const TOLD_EVENTS = ['liquidated', 'takeProfit', 'stopLoss'] as const;

/** Tells a liquidation, take-profit or stop-loss of the user's positions (the worker's POSITION events). */
export function EventToasts({ pairs }: { pairs: ReadonlyMap<string, ContractPair> }) {
  const { t } = useTranslation('futures');
  const view = usePositions();
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

/** One position's live cells: its mark price (the row's, else the pair's mark) and figures. */
function useRowMark(p: Position): string | undefined {
  const pairMark = useMark(p.mark ? undefined : p.symbol);
  return p.mark?.price ?? pairMark?.price;
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
  const [dialog, setDialog] = useState<{ kind: PositionDialog; id: number } | null>(null);
  const available = useContractAvailable() ?? '0';
  const chosen = dialog ? rows.find((r) => r.id === dialog.id) : undefined;
  const chosenMark = chosen?.mark?.price;
  const open = (kind: PositionDialog, id: number) => setDialog({ kind, id });
  return (
    <>
      {desktop ? (
        <table className="sor-table fa-table" data-testid="positions-table">
          <caption className="visually-hidden">{t('tab.positions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('col.pair')}</th>
              <th scope="col" className="num">
                {t('col.size')}
              </th>
              <th scope="col" className="num">
                {t('col.entry')}
              </th>
              <th scope="col" className="num">
                {t('col.mark')}
              </th>
              <th scope="col" className="num">
                {t('col.liq')}
              </th>
              <th scope="col" className="num">
                {t('col.margin')}
              </th>
              <th scope="col" className="num">
                {t('col.marginRatio')}
              </th>
              <th scope="col" className="num">
                {t('col.pnl')}
              </th>
              <th scope="col" className="num">
                {t('col.tpsl')}
              </th>
              <th scope="col" className="sor-act">
                <span className="visually-hidden">{t('col.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <PositionRow key={p.id} p={p} name={pairName(pairs, p.symbol)} pair={pairs.get(p.symbol)} onOpen={open} />
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="sor-cards" data-testid="positions-cards">
          {rows.map((p) => (
            <PositionCard key={p.id} p={p} name={pairName(pairs, p.symbol)} pair={pairs.get(p.symbol)} onOpen={open} />
          ))}
        </ul>
      )}
      <PositionDialogHost
        dialog={chosen ? (dialog?.kind ?? null) : null}
        pair={chosen ? pairs.get(chosen.symbol) : undefined}
        position={chosen}
        mark={chosenMark}
        available={available}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

interface RowProps {
  p: Position;
  name: string;
  pair: ContractPair | undefined;
  onOpen: (kind: PositionDialog, id: number) => void;
}

function Actions({ p, pair, onOpen }: Omit<RowProps, 'name'>) {
  const { t } = useTranslation('futures');
  const off = !pair;
  return (
    <div className="fa-actions">
      <button
        type="button"
        className="sor-cancel"
        disabled={off}
        onClick={() => onOpen('margin', p.id)}
        data-testid="margin-position"
      >
        {t('margin')}
      </button>
      <button
        type="button"
        className="sor-cancel"
        disabled={off}
        onClick={() => onOpen('tpsl', p.id)}
        data-testid="tpsl-position"
      >
        {t('tpsl')}
      </button>
      <button
        type="button"
        className="sor-cancel fa-close"
        disabled={off}
        onClick={() => onOpen('close', p.id)}
        data-testid="close-position"
      >
        {t('close')}
      </button>
    </div>
  );
}

function PositionRow({ p, name, pair, onOpen }: RowProps) {
  const f = useFormat();
  const lang = useLanguage();
  const mark = useRowMark(p);
  const fig = p.mark;
  return (
    <tr data-position-id={p.id} data-mark={fig?.price} data-pnl={fig?.unrealisedPnl}>
      <td dir="ltr">
        <span className="fa-pair">{name}</span> <SideText side={p.side} leverage={p.leverage} />
        <CopyBadge copyOf={p.copyOf} />
      </td>
      <td className="num">
        {f.num(p.shares)}
        <span className="fa-sub">{` ${f.num(p.quantity)} ${pair?.coin ?? ''}`}</span>
      </td>
      <td className="num">{f.num(trimDecimal(p.entryPrice, pair?.baseScale ?? 2))}</td>
      <td className="num" data-testid="position-mark">
        {f.num(mark)}
      </td>
      <td className="num fa-liq" data-testid="position-liq">
        {f.num(p.liquidationPrice)}
      </td>
      <td className="num">{f.money(p.margin)}</td>
      <td className="num">{fig ? percentOf(fig.marginRatio, lang) : '--'}</td>
      <td className={`num${signCls(fig?.unrealisedPnl)}`} data-testid="position-pnl">
        {fig ? (
          <>
            {f.money(fig.unrealisedPnl)}
            <span className="fa-sub">{` (${percentOf(fig.returnRate, lang)})`}</span>
          </>
        ) : (
          '--'
        )}
      </td>
      <td className="num" data-testid="position-tpsl">{`${f.num(p.takeProfit)} / ${f.num(p.stopLoss)}`}</td>
      <td className="sor-act">
        <Actions p={p} pair={pair} onOpen={onOpen} />
      </td>
    </tr>
  );
}

function PositionCard({ p, name, pair, onOpen }: RowProps) {
  const { t } = useTranslation('futures');
  const f = useFormat();
  const lang = useLanguage();
  const mark = useRowMark(p);
  const fig = p.mark;
  return (
    <li className="sor-card fa-card" data-position-id={p.id} data-mark={fig?.price} data-pnl={fig?.unrealisedPnl}>
      <div className="sor-card__head">
        <SideText side={p.side} leverage={p.leverage} />
        <span className="sor-card__pair" dir="ltr">
          {name}
        </span>
        <CopyBadge copyOf={p.copyOf} />
        <span className={`fa-cardpnl num${signCls(fig?.unrealisedPnl)}`} data-testid="position-pnl">
          {fig ? `${f.money(fig.unrealisedPnl)} (${percentOf(fig.returnRate, lang)})` : '--'}
        </span>
      </div>
      <dl className="sor-card__grid fa-grid">
        <div>
          <dt>{t('col.size')}</dt>
          <dd className="num">{`${f.num(p.shares)} · ${f.num(p.quantity)} ${pair?.coin ?? ''}`}</dd>
        </div>
        <div>
          <dt>{t('col.entry')}</dt>
          <dd className="num">{f.num(trimDecimal(p.entryPrice, pair?.baseScale ?? 2))}</dd>
        </div>
        <div>
          <dt>{t('col.mark')}</dt>
          <dd className="num" data-testid="position-mark">
            {f.num(mark)}
          </dd>
        </div>
        <div>
          <dt>{t('col.liq')}</dt>
          <dd className="num fa-liq" data-testid="position-liq">
            {f.num(p.liquidationPrice)}
          </dd>
        </div>
        <div>
          <dt>{t('col.margin')}</dt>
          <dd className="num">{f.money(p.margin)}</dd>
        </div>
        <div>
          <dt>{t('col.marginRatio')}</dt>
          <dd className="num">{fig ? percentOf(fig.marginRatio, lang) : '--'}</dd>
        </div>
        <div>
          <dt>{t('col.tpsl')}</dt>
          <dd className="num" data-testid="position-tpsl">{`${f.num(p.takeProfit)} / ${f.num(p.stopLoss)}`}</dd>
        </div>
      </dl>
      <Actions p={p} pair={pair} onOpen={onOpen} />
    </li>
  );
}
