/** The customer-service chooser (spec 2.3): one link per channel, each opening in a new window. */
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Popup } from './Popup';
import { serviceLinks, serviceState, resolveUrl } from './customerService';
import { IconChevron, IconService } from './icons';
import { settings } from '../state/settings';
import './ui.css';

export function ServiceChooser() {
  const { chooserOpen } = useSnapshot(serviceState);
  useSnapshot(settings); // re-render when the links change
  const { t } = useTranslation('common');
  const close = useCallback(() => {
    serviceState.chooserOpen = false;
  }, []);
  const links = chooserOpen ? serviceLinks() : [];
  return (
    <Popup open={chooserOpen} onClose={close} title={t('ui.chooseService')} variant="sheet">
      <ul className="service-list">
        {links.map((l, i) => (
          <li key={`${l.name}-${i}`}>
            <a
              className="service-list__item"
              href={resolveUrl(l)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
            >
              {l.imgUrl ? <img src={l.imgUrl} alt="" width={28} height={28} /> : <IconService size={24} />}
              <span className="service-list__name">{l.name}</span>
              <span className="visually-hidden">({t('ui.opensNewWindow')})</span>
              <IconChevron size={16} />
            </a>
          </li>
        ))}
      </ul>
    </Popup>
  );
}
