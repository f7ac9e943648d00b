/**
 * The sign-out confirmation of "My" and the desktop account menu (SESSION-9): a modal dialog (Popup: role dialog,
 * Tab kept inside, Escape and the backdrop cancel, focus back on the opener) that starts on "Cancel", the safe
 * choice. Confirmed, it ends the session on the server and in every tab (SESSION-6) and goes to /lr.
 * Its texts are in `common`, since the account menu shows on every desktop screen.
 */
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Popup } from '../ui/Popup';
import { logout } from './actions';
import { SIGN_IN_PATH } from '../ui/appPaths';
import '../forms/forms.css';
import './signOut.css';
import { BusyButton } from '../forms/BusyButton';

export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
    }
    onClose();
    navigate(SIGN_IN_PATH, { replace: true });
  };

  return (
    <Popup
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={t('accountMenu.confirmTitle')}
      initialFocus={cancelRef}
      describedBy={textId}
    >
      <p id={textId} className="signout__text">
        {t('accountMenu.confirmBody')}
      </p>
      <div className="signout__actions">
        <button ref={cancelRef} type="button" className="fbtn fbtn--ghost" onClick={onClose} disabled={busy}>
          {t('ui.cancel')}
        </button>
        <BusyButton className="fbtn fbtn--danger" onClick={confirm} busy={busy} data-action="confirm-sign-out">
          {t('accountMenu.signOut')}
        </BusyButton>
      </div>
    </Popup>
  );
}
