/**
 * The options trading screen (/flashOption and /option, PLAYING_SETTING Option; OUI-1, OUI-9).
 *
 * Desktop: the pair list on the left, the pair header across the top, the chart and under it the options board
 * in the centre, the ticket on the right (a hint and the rules until a premium is picked), the user's options
 * along the bottom.
 * Phone: the pair header (the pair list as a sheet), the chart, the board and the user's options in one column;
 * picking a premium opens the ticket as a sheet.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from '../../../../ui/Popup';
import { PairHeader } from '../../components/PairHeader';
import { SkipLinks, SKIP_ID } from '../../components/SkipLinks';
import { PairChart, PairChooser, PairsAside, type TradeLayoutProps } from '../../components/kit/TradeLayout';
import { useOptionsScreen } from './useOptionsScreen';
import './options.css';

/** What the trade shell gives every mode's layout, but the pair's coins (the board names them). */
export type OptionsLayoutProps = Omit<TradeLayoutProps, 'base' | 'quote'>;

const DESK_CHART_HEIGHT = 240;
const PHONE_CHART_HEIGHT = 240;

function TicketHint() {
  const { t } = useTranslation('options');
  return (
    <div className="opt-hint" data-testid="options-hint">
      <p className="opt-hint__lead">{t('hint')}</p>
      <p className="opt-rules">
        {t('rules.general')} {t('rules.settle')} {t('rules.loss')}
      </p>
    </div>
  );
}

export function OptionsDesk(p: OptionsLayoutProps) {
  const { t } = useTranslation('options');
  const parts = useOptionsScreen(p.symbol);
  return (
    <div className="mk-page trade trade--desk trade--options">
      {p.header}
      <SkipLinks regions={['pairs', 'chart', 'board', 'form']} />
      <div className="opt-grid-desk">
        <PairsAside p={p} className="opt-pairs" />
        <div className="opt-head">
          <PairHeader row={p.row} symbol={p.symbol} />
        </div>
        <div className="opt-chart" id={SKIP_ID.chart} tabIndex={-1}>
          <PairChart p={p} height={DESK_CHART_HEIGHT} />
        </div>
        <div className="opt-boardslot" id={SKIP_ID.board} tabIndex={-1}>
          {parts.pending}
          {parts.board}
        </div>
        <aside className="opt-side" aria-label={t('ticket.title')} id={SKIP_ID.form} tabIndex={-1}>
          <h2 className="opt-h opt-side__title">{t('ticket.title')}</h2>
          {parts.ticket ?? <TicketHint />}
        </aside>
        <div className="opt-mineslot">{parts.mine}</div>
      </div>
    </div>
  );
}

export function OptionsPhone(p: OptionsLayoutProps) {
  const { t } = useTranslation('options');
  const [choosing, setChoosing] = useState(false);
  const parts = useOptionsScreen(p.symbol, { clearOnBuy: true });
  const open = parts.pick !== null;
  return (
    <div className="mk-page trade trade--options trade--options-phone">
      {p.header}
      <PairHeader row={p.row} symbol={p.symbol} onChoose={() => setChoosing(true)} />
      <PairChart p={p} height={PHONE_CHART_HEIGHT} />
      {parts.pending}
      {parts.board}
      {parts.mine}
      <Popup open={open} onClose={parts.clearPick} title={`${p.pairLabel} · ${t('ticket.title')}`} variant="sheet">
        {parts.ticket}
      </Popup>
      <PairChooser p={p} open={choosing} onClose={() => setChoosing(false)} />
    </div>
  );
}
