import type { FeedReissueBody } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { CopyField } from '../../shared/components/copy-field';
import { Button } from '../../shared/components/ui/button';
import { Field } from '../../shared/components/ui/field';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../shared/outcome/outcome';
import forms from '../../styles/forms.module.css';
import { reissueFeed } from './api/reissue-feed';

/**
 * Staff replace a customer's feed address (docs/feeds.md): the old address answers 410 Gone
 * from then on, and the act is in the audit log. For a customer whose address has been
 * shared too widely; the customer finds the new one under "Follow updates" after a lookup.
 */
export function FeedReissue() {
  const id = useId();
  const [scheme, setScheme] = useState<FeedReissueBody['scheme']>('hasp');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome<string>>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('customerId') ?? '').trim();
    setBusy(true);
    setOutcome(
      await outcomeOf(async () => {
        const { feed } = await reissueFeed({ scheme, id: value });
        return new URL(feed, window.location.origin).href;
      }),
    );
    setBusy(false);
  };

  return (
    <section className={forms.card} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Feed addresses</h3>
      <p className={forms.note}>
        Issue a new update feed address for a registration ID or key ID, for example when the old address has been
        shared too widely. The old address stops working at once.
      </p>
      <form className={forms.form} onSubmit={(event) => void submit(event)}>
        <fieldset>
          <legend>The ID is a</legend>
          <label>
            <input type="radio" name="scheme" checked={scheme === 'hasp'} onChange={() => setScheme('hasp')} />{' '}
            Cornerstone registration ID
          </label>{' '}
          <label>
            <input type="radio" name="scheme" checked={scheme === 'rainbow'} onChange={() => setScheme('rainbow')} />{' '}
            ChromaTOF key ID
          </label>
        </fieldset>
        <Field
          label={scheme === 'hasp' ? 'Registration ID' : 'Key ID'}
          name="customerId"
          autoComplete="off"
          spellCheck={false}
          required
          action={
            <Button type="submit" disabled={busy}>
              Issue a new feed address
            </Button>
          }
        />
      </form>
      {outcome?.kind === 'ok' ? (
        <CopyField label="New feed address" value={outcome.data} />
      ) : outcome ? (
        <FailureAlert failure={outcome} />
      ) : null}
    </section>
  );
}
