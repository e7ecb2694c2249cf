import { useState } from 'react';
import { MESSAGES, SHARE_LIMITS, type CreatedShare, type ShareKind } from '@tunafy/contracts';
import { Button, CopyButton, Dialog, RadioGroupField, copyText, dialogActionsClassName, dialogErrorClassName, type RadioOption } from '@tunafy/ui';
import { notify } from '../../lib/bus';
import { asApiError } from '../../lib/use-api';
import { createShare } from './api';
import styles from './shares.module.css';

type Expiry = 'never' | `${number}`;

const EXPIRY_OPTIONS: RadioOption<Expiry>[] = SHARE_LIMITS.expiryChoices.map((days) =>
  days === null ? { value: 'never', label: 'Never expires' } : { value: `${days}`, label: `Expires in ${days} ${days === 1 ? 'day' : 'days'}` },
);

const KIND_NAME: Record<ShareKind, string> = { song: 'song', album: 'album', playlist: 'playlist' };

export interface ShareTarget {
  kind: ShareKind;
  id: string;
  name: string;
}

/**
 * "Copy link to share": makes a link anyone can open without an account (docs/shares.md), with an expiry to
 * choose, and copies it. The link is shown too, since a browser may refuse the copy and the API shows a link
 * only once.
 */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<CreatedShare | null>(null);

  const create = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const share = await createShare(target.kind, target.id, expiry === 'never' ? null : Number(expiry));
      setMade(share);
      // Still within the click's user activation in current browsers; if refused, the link stays on screen.
      if (await copyText(share.url)) notify('Link copied to the clipboard');
    } catch (failure) {
      const apiError = asApiError(failure);
      setError(apiError.status >= 500 ? MESSAGES.serverError : apiError.body.message);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      title={`Share ${target.name}`}
      description={`Anyone with the link can listen to this ${KIND_NAME[target.kind]} without an account. You can revoke it in Shared links.`}
      onClose={onClose}
      contentKey={made ? 'made' : 'choose'}
    >
      {made ? (
        <>
          <label className={styles.linkLabel} htmlFor="share-link">
            Link
          </label>
          <div className={styles.linkRow}>
            <input id="share-link" className={styles.link} readOnly value={made.url} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={made.url} label="Copy share link" />
          </div>
          <div className={dialogActionsClassName}>
            <Button variant="primary" onClick={onClose}>
              Done
            </Button>
          </div>
        </>
      ) : (
        <>
          <RadioGroupField legend="Link expiry" options={EXPIRY_OPTIONS} value={expiry} onValueChange={setExpiry} />
          {error && (
            <p className={dialogErrorClassName} role="alert">
              {error}
            </p>
          )}
          <div className={dialogActionsClassName}>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void create()} disabled={pending}>
              {pending ? 'Creating link...' : 'Copy link'}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
